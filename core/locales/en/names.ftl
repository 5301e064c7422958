# Names: the English-name dictionary (Translate names) and names that fit a VMD motion.
translate-names-label = Translate names ({ $count ->
    [one] { $count } English name
   *[other] { $count } English names
})
translate-rule-dictionary = dictionary
translate-rule-user = user dictionary
translate-rule-rule = rule
translate-rule-none = none
translate-csv-quote = line { $line }: a quote is not closed
translate-csv-fields = line { $line }: expected Japanese,English
translate-csv-read = cannot read the dictionary { $path }: { $error }
translate-csv-utf8 = the dictionary { $path } is not UTF-8 text
