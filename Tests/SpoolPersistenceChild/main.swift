// Filled in by the persistence work: writes resume positions until killed.
print("ready")
