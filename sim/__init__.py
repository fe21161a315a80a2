"""The desktop board in a pygame window."""
