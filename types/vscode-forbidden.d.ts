// Stand-in for the `vscode` module in every tsconfig except src/extension's and
// test/vscode's (they map `vscode` here through `compilerOptions.paths`).
// This file is deliberately NOT a module (no import or export), so any reference
// to `vscode` — `import … from 'vscode'`, `import type`, `import('vscode').Uri`,
// `import x = require('vscode')`, `export … from 'vscode'` — fails to compile with
// TS2306 "File '…/vscode-forbidden.d.ts' is not a module". Only the extension host
// side may use the VS Code API (house rule; test/unit/house-rules.test.ts).
