# 材質メニュー (src/app/menus.rs, src/app/generators/mod.rs materials_menu)。
menu-materials = 材質
# hone --dialog JSON (src/cli/gui.rs)。
cli-err-dialog-json = --dialog には JSON オブジェクト ("op" を含むスクリプトの 1 ステップ) を指定します: { $reason }
cli-err-dialog-op = --dialog: 「{ $name }」という操作はありません
