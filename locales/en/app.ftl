# Hone's app catalogue (English). Keys are shared with ja/app.ftl; tests keep them equal
# and every key used. PMX Editor's terms in Japanese: docs/glossary.md.
menu-language = Language
