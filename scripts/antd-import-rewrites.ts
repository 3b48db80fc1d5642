import type { Plugin } from "vite";

/**
 * The one place the build edits antd's source: two imports that put code in every page with
 * a form or a button that no page of the dashboard runs. antd offers no option for either.
 * Measured with `npm run bench -- --only browser` (docs/decisions.md): without them /signin's first-load JS
 * grows past its bundle budget, and the cold load to the interactive row is slower. (The
 * rewrites of antd Table's filter and selection imports went when the lists stopped using
 * antd's Table: they no longer touched the interactive row.) Each rewrite names the exact line it replaces; when antd's
 * source no longer has it the build fails (and tests/unit/antd-import-rewrites.test.ts,
 * which checks the installed antd), instead of silently shipping the code again.
 */
export interface AntdImportRewrite {
  /** Why the line goes: what it costs and why nothing here needs it. */
  why: string;
  /** The file under node_modules/antd/es/. */
  file: string;
  /** The exact import line, as antd's ES build writes it. */
  line: string;
  replacement: string;
}

export const ANTD_IMPORT_REWRITES: readonly AntdImportRewrite[] = [
  {
    why: "antd's form context (imported by ConfigProvider, Button, Input…) takes FormProvider from rc-field-form's index, whose top level decorates the Form component: the whole form engine and validator (~13 kB gzip) landed on every page. FormProvider alone lives in FormContext.",
    file: "form/context.js",
    line: "import { FormProvider as RcFormProvider } from 'rc-field-form';",
    replacement: "import { FormProvider as RcFormProvider } from 'rc-field-form/es/FormContext';",
  },
  {
    why: "Form.Item's label imports Tooltip (rc-trigger, portal, resize observer: ~20 kB gzip) for its `tooltip` prop, so every form (the sign-in page's too) paid for it. The label gets a lazily loaded Tooltip: until it arrives the question-mark icon shows without its tooltip.",
    file: "form/FormItemLabel.js",
    line: "import Tooltip from '../tooltip';",
    // One line, as the import it replaces: the lines after it keep their source-map positions.
    replacement: [
      "const LazyTooltip = /*#__PURE__*/React.lazy(() => import('../tooltip'));",
      "const Tooltip = (props) => /*#__PURE__*/React.createElement(React.Suspense, { fallback: props.children }, /*#__PURE__*/React.createElement(LazyTooltip, props));",
    ].join(" "),
  },
];

const normalise = (id: string) => id.replaceAll("\\", "/");

/** Applies the rewrites of one module; throws when a rewrite's line is missing from its file. */
export function rewriteAntdModule(code: string, id: string): string | null {
  const path = normalise(id);
  const rewrites = ANTD_IMPORT_REWRITES.filter((r) => path.endsWith(`/node_modules/antd/es/${r.file}`));
  if (rewrites.length === 0) return null;
  let out = code;
  for (const rewrite of rewrites) {
    if (!out.includes(rewrite.line)) {
      throw new Error(
        `${id} no longer has \`${rewrite.line}\`: antd changed under scripts/antd-import-rewrites.ts; drop or update that rewrite`,
      );
    }
    out = out.replace(rewrite.line, rewrite.replacement);
  }
  return out;
}

export function antdImportRewrites(): Plugin {
  return {
    name: "antd-import-rewrites",
    transform(code, id) {
      const out = rewriteAntdModule(code, id);
      // Each rewrite replaces one import line where it stands: the module's other lines keep
      // their positions, so the existing mappings stay (and the profile's attribution right).
      return out === null ? null : { code: out, map: null };
    },
  };
}
