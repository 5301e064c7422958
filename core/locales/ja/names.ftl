# 名前: 英語名の辞書（名前の翻訳）と VMD モーションに収まる名前。
translate-names-label = 名前の翻訳（英語名 { $count } 件）
translate-rule-dictionary = 辞書
translate-rule-user = ユーザー辞書
translate-rule-rule = 規則
translate-rule-none = なし
translate-csv-quote = { $line } 行目: 引用符が閉じていません
translate-csv-fields = { $line } 行目: 「日本語,英語」の形ではありません
translate-csv-read = 辞書 { $path } を読めません: { $error }
translate-csv-utf8 = 辞書 { $path } は UTF-8 のテキストではありません
