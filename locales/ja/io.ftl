# 保存、CSV の読み込みと書き出し（日本語）。キーは en/io.ftl と共通。
save-rule-note = 保存: { $note }
