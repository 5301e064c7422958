# 表示 ▸ フレーム時間（日本語）。キーは en/interactive.ftl と同じ。
menu-frame-timing = フレーム時間
frame-timing-box = { $fps } フレーム/秒 · UI { $mean } ms（最大 { $worst } ms）
