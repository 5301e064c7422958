lists-search-bodies = Search rigid bodies
lists-search-joints = Search joints
lists-search-soft-bodies = Search soft bodies
lists-search-textures = Search textures
lists-fold = Fold
lists-unfold = Unfold
lists-field-name = name
