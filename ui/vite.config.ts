import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), tailwindcss()],
  build: { outDir: "dist", emptyOutDir: true, sourcemap: false },
  // PRESTALAB_API points the dev server at another PrestaLab (e.g. one started with --port 3100).
  server: { proxy: { "/api": process.env.PRESTALAB_API ?? "http://localhost:3000" } },
});
