weights-from-model = Weights from model…
weights-from-model-tip = Each selected vertex takes the weights of the nearest surface point of another model (bones matched by name); one undo step
weights-from-model-title = Weights from model
weightops-no-bone = (bone)
