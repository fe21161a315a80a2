// qstrs specific to this port: the ROMFS mount point and its lib, put on sys.path
Q(/rom)
Q(/rom/lib)
