"""Generated op classes of the ptonz dialects (`ptonz.dialects.pto`, `.pl`)."""
