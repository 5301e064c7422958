# Hone のコアのメッセージ（日本語）。キーは en/core.ftl と同じ（テストで確認）。
lang-name = 日本語
n-problems = 問題 { $count } 件
