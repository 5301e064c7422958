# Hone のアプリのメッセージ（日本語）。キーは en/app.ftl と同じ（テストで確認）。
# 用語は PMX エディタに合わせる: docs/glossary.md
menu-language = 言語
