// qstrs specific to this port (none beyond the sources' own)
