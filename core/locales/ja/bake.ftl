bake-error-cancelled = ベイクを中止しました
bake-error-range = 開始フレーム { $start } が終了フレーム { $end } より後です
bake-error-no-bones = ベイクするボーンがありません（物理演算の剛体がないか、名前が見つかりません）
