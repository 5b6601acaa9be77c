/**
 * `verifyPlan.planFolders` entries → glob patterns for the language client's
 * document selector, so the server sees Markdown files in plan folders only,
 * not every Markdown file in the workspace. Pure; no `vscode` import.
 *
 * Entry syntax (as for plan discovery): a workspace-relative folder or `.md`
 * file, `*` within one segment, `~/` for the home folder, or an absolute
 * path. A folder contributes the `*.md` files directly inside it. Relative
 * entries match in any workspace folder (`**∕` prefix), which also covers
 * multi-root workspaces.
 */
export function planFolderGlobs(entries: readonly string[], homeDir: string): string[] {
  const globs = new Set<string>();
  for (const entry of entries) {
    if (typeof entry !== 'string') continue;
    let p = entry.trim().replace(/\\/g, '/').replace(/\/+$/, '');
    if (p === '' || p === '~' || p.includes('**')) continue;
    if (p.startsWith('~/')) p = `${homeDir.replace(/\\/g, '/').replace(/\/+$/, '')}/${p.slice(2)}`;
    else if (!isAbsolute(p)) p = `**/${p.replace(/^\.\//, '')}`;
    globs.add(/\.md$/i.test(p) ? p : `${p}/*.md`);
  }
  return [...globs];
}

function isAbsolute(p: string): boolean {
  return p.startsWith('/') || /^[a-zA-Z]:\//.test(p);
}
