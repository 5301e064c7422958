# Hone's core catalogue (English). Keys are shared with ja/core.ftl; a test keeps them equal.
lang-name = English
n-problems = { $count ->
    [one] { $count } problem
   *[other] { $count } problems
}
