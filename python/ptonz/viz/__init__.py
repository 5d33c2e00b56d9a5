"""Pictures of what the lowered program reads (`ptonz-opt --emit=layout-svg`)."""
