import { transformAsync } from "@babel/core";
import type { Plugin } from "vite";

/** Files that use a Lingui macro (`@lingui/react/macro`, `@lingui/core/macro`). */
const USES_MACRO = /from\s+["']@lingui\/(?:react|core)\/macro["']/;

/**
 * Runs Lingui's macro (https://lingui.dev/ref/macro) on the files that import it, before the TypeScript
 * and JSX transforms. Lingui's own Vite setup uses @vitejs/plugin-react's Babel option or
 * @rolldown/plugin-babel; the first is gone from plugin-react 6 and the second needs Node 22, so this
 * calls Babel with only the macro plugin, and only on the files that need it.
 */
export function linguiMacro(): Plugin {
  return {
    name: "mentorlink:lingui-macro",
    enforce: "pre",
    async transform(code, id) {
      const file = id.split("?")[0];
      if (!/\.[cm]?[jt]sx?$/.test(file) || file.includes("/node_modules/") || !USES_MACRO.test(code)) return null;
      const result = await transformAsync(code, {
        filename: file,
        babelrc: false,
        configFile: false,
        sourceMaps: true,
        parserOpts: { plugins: file.endsWith("x") ? ["typescript", "jsx"] : ["typescript"] },
        plugins: [["@lingui/babel-plugin-lingui-macro", {}]],
      });
      return result?.code ? { code: result.code, map: result.map } : null;
    },
  };
}
