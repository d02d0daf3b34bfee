import { join } from "node:path";
import { main } from "./cli";
import { diskUiAssets } from "./http/ui";

// Development entry: the UI comes from ui/dist on disk (the compiled binary embeds it instead).
await main(process.argv.slice(2), { ui: diskUiAssets(join(import.meta.dir, "..", "ui", "dist")) });
