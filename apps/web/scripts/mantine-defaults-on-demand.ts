/**
 * Mantine's default CSS variables computed when they are first needed, not when its module is evaluated (a plugin of
 * `vite.config.ts`).
 *
 * `remove-default-variables.mjs` in `@mantine/core` computes every default variable of Mantine's theme (each colour's
 * ten shades and variants, in rgba and rem) at its top level, so that the provider can leave out the ones a theme does
 * not change. The provider's CSS variables are written by the build into index.html (THEME_STYLES_IN_HTML in
 * src/app/theme.ts), so the built app never calls it; yet the module sits in the entry's graph and its top level ran
 * in the page's first task: about 60 ms of it with the CPU slowed 4× as on Lighthouse's phone (a V8 profile of the
 * products list, docs/performance.md). The plugin moves that computation into the function, once, on its first call:
 * the function returns what it did (the dev server and the prerender, which call it, do not go through the plugin).
 *
 * The plugin rewrites two lines of the module as Mantine ships it and fails the build when it does not find them
 * (a Mantine release that changed the module).
 */
import type { Plugin } from 'vite';

const MODULE =
  /[\\/]@mantine[\\/]core[\\/]esm[\\/]core[\\/]MantineProvider[\\/]MantineCssVariables[\\/]remove-default-variables\.mjs$/;
const AT_TOP_LEVEL = 'const defaultCssVariables = defaultCssVariablesResolver(DEFAULT_THEME);';
const FUNCTION_START = 'function removeDefaultVariables(input) {';

/** The module's code with its defaults computed on the first call; throws when the two lines are not there once. */
export function defaultsOnDemand(code: string): string {
  for (const line of [AT_TOP_LEVEL, FUNCTION_START]) {
    if (code.split(line).length !== 2)
      throw new Error(
        `Mantine's remove-default-variables.mjs changed: '${line}' is not in it once (scripts/mantine-defaults-on-demand.ts)`,
      );
  }
  return code
    .replace(AT_TOP_LEVEL, 'let defaultCssVariablesOnce;')
    .replace(
      FUNCTION_START,
      `${FUNCTION_START}\n\tconst defaultCssVariables = (defaultCssVariablesOnce ??= defaultCssVariablesResolver(DEFAULT_THEME));`,
    );
}

export function mantineDefaultsOnDemand(): Plugin {
  return {
    name: 'ateliermarkt:mantine-defaults-on-demand',
    apply: 'build',
    transform(code, id) {
      return MODULE.test(id) ? defaultsOnDemand(code) : null;
    },
  };
}
