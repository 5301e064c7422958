# View ▸ Frame timing (English). Keys shared with ja/interactive.ftl.
menu-frame-timing = Frame timing
frame-timing-box = { $fps } frames/s · UI { $mean } ms (worst { $worst } ms)
