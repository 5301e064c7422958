# Small hints a new user needs (tooltips on unlabelled marks).
materials-diffuse-tip = Diffuse colour
