/**
 * Styles shared by the panel's elements. Colours come only from VS Code's
 * theme variables (with fallbacks for a plain browser), so light, dark and
 * high-contrast themes follow the editor. High contrast adds borders.
 */
import { css } from 'lit';

export const base = css`
  :host {
    display: block;
    color: var(--vscode-foreground, #333);
    font-family: var(--vscode-font-family, system-ui, sans-serif);
    font-size: var(--vscode-font-size, 13px);
    line-height: 1.45;
    --vp-good: var(--vscode-charts-green, #388a34);
    --vp-warn: var(--vscode-charts-orange, #d18616);
    --vp-bad: var(--vscode-charts-red, #e51400);
    --vp-info: var(--vscode-charts-blue, #1a85ff);
    --vp-muted: var(--vscode-descriptionForeground, #717171);
    --vp-border: var(--vscode-panel-border, rgba(128, 128, 128, 0.35));
    --vp-surface: var(--vscode-editorWidget-background, rgba(128, 128, 128, 0.06));
    --vp-hc-border: var(--vscode-contrastBorder, transparent);
  }
  :host-context(.vscode-high-contrast),
  :host-context(.vscode-high-contrast-light) {
    --vp-border: var(--vscode-contrastBorder, #6fc3df);
  }
  * {
    box-sizing: border-box;
  }
  h2 {
    font-size: 1.1em;
    font-weight: 600;
    margin: 0 0 0.5em;
  }
  h3 {
    font-size: 1em;
    font-weight: 600;
    margin: 0.75em 0 0.35em;
  }
  section.card {
    border: 1px solid var(--vp-border);
    border-radius: 4px;
    background: var(--vp-surface);
    padding: 12px 14px;
    margin: 0 0 14px;
  }
  .muted {
    color: var(--vp-muted);
  }
  .empty {
    color: var(--vp-muted);
    font-style: italic;
  }
  button {
    font: inherit;
    color: var(--vscode-button-foreground, #fff);
    background: var(--vscode-button-background, #0e639c);
    border: 1px solid var(--vscode-button-border, var(--vp-hc-border));
    border-radius: 2px;
    padding: 3px 10px;
    cursor: pointer;
  }
  button:hover:not(:disabled) {
    background: var(--vscode-button-hoverBackground, #1177bb);
  }
  button.secondary {
    color: var(--vscode-button-secondaryForeground, inherit);
    background: var(--vscode-button-secondaryBackground, rgba(128, 128, 128, 0.2));
  }
  button.secondary:hover:not(:disabled) {
    background: var(--vscode-button-secondaryHoverBackground, rgba(128, 128, 128, 0.3));
  }
  button.link {
    color: var(--vscode-textLink-foreground, #006ab1);
    background: none;
    border: none;
    padding: 0;
    text-decoration: underline;
  }
  button.link:hover:not(:disabled) {
    background: none;
    color: var(--vscode-textLink-activeForeground, var(--vscode-textLink-foreground));
  }
  button:disabled {
    opacity: 0.6;
    cursor: default;
  }
  :focus-visible {
    outline: 1px solid var(--vscode-focusBorder, #0090f1);
    outline-offset: 1px;
  }
  select,
  input {
    font: inherit;
  }
  select {
    color: var(--vscode-dropdown-foreground, inherit);
    background: var(--vscode-dropdown-background, transparent);
    border: 1px solid var(--vscode-dropdown-border, var(--vp-border));
    padding: 2px 4px;
  }
  input[type='checkbox'] {
    accent-color: var(--vscode-checkbox-background, var(--vp-info));
  }
  .pill {
    display: inline-flex;
    align-items: center;
    gap: 4px;
    border: 1px solid currentColor;
    border-radius: 9px;
    padding: 0 7px;
    font-size: 0.85em;
    line-height: 1.5;
    white-space: nowrap;
  }
  .pill::before {
    content: '';
    width: 7px;
    height: 7px;
    border-radius: 50%;
    background: currentColor;
  }
  .pill.plain::before {
    display: none;
  }
  .BLOCKING,
  .tone-bad,
  .UNRESOLVED {
    color: var(--vp-bad);
  }
  .SIGNIFICANT,
  .tone-warn,
  .OPEN {
    color: var(--vp-warn);
  }
  .MINOR,
  .DEFERRED {
    color: var(--vp-info);
  }
  .RESOLVED,
  .tone-good {
    color: var(--vp-good);
  }
  .WITHDRAWN,
  .tone-neutral {
    color: var(--vp-muted);
  }
  .pill > span {
    color: var(--vscode-foreground, #333);
  }
  .badge {
    display: inline-block;
    color: var(--vscode-badge-foreground, #fff);
    background: var(--vscode-badge-background, #4d4d4d);
    border: 1px solid var(--vp-hc-border);
    border-radius: 9px;
    padding: 0 7px;
    font-size: 0.85em;
    white-space: nowrap;
  }
  .text {
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  code,
  .mono {
    font-family: var(--vscode-editor-font-family, ui-monospace, monospace);
    font-size: 0.95em;
  }
  table {
    border-collapse: collapse;
    width: 100%;
  }
  th {
    text-align: left;
    font-weight: 600;
    color: var(--vp-muted);
    border-bottom: 1px solid var(--vp-border);
    padding: 4px 6px;
    white-space: nowrap;
  }
  td {
    padding: 5px 6px;
    vertical-align: top;
    border-bottom: 1px solid var(--vp-border);
  }
  .sr-only {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
`;
