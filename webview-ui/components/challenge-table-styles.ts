/**
 * The challenge table's styles: a table when its element is wide enough for
 * the seven columns, one labelled card per challenge when it is not (a
 * container query on the element, so it follows the panel's width).
 */
import { css } from 'lit';

export const challengeTableStyles = css`
  .filters {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 6px 16px;
    margin-bottom: 8px;
  }
  fieldset {
    border: none;
    margin: 0;
    padding: 0;
    display: flex;
    gap: 10px;
    align-items: center;
  }
  legend {
    float: left;
    padding: 0;
    margin-right: 6px;
    color: var(--vp-muted);
  }
  label {
    display: inline-flex;
    align-items: center;
    gap: 3px;
  }
  .count {
    margin-left: auto;
  }
  :host {
    container-type: inline-size;
  }
  td[data-testid='line'] button {
    text-align: left;
    white-space: nowrap;
  }
  .concern {
    margin-top: 3px;
    color: var(--vp-muted);
  }
  button.toggle {
    color: inherit;
    background: none;
    border: 1px solid transparent;
    padding: 0 3px;
    font-family: var(--vscode-editor-font-family, monospace);
    font-weight: 600;
    white-space: nowrap;
  }
  button.toggle:hover:not(:disabled) {
    background: var(--vscode-list-hoverBackground, rgba(128, 128, 128, 0.15));
  }
  ol.statuses {
    list-style: none;
    display: flex;
    flex-wrap: wrap;
    gap: 2px 4px;
    margin: 0;
    padding: 0;
  }
  .arrow {
    color: var(--vp-muted);
    margin-right: 4px;
  }
  .iter {
    color: var(--vp-muted);
    font-size: 0.85em;
  }
  .row-actions {
    display: flex;
    flex-direction: column;
    align-items: flex-start;
    gap: 4px;
  }
  tr.details > td {
    background: var(--vscode-textBlockQuote-background, rgba(128, 128, 128, 0.08));
  }
  .details-grid {
    display: grid;
    grid-template-columns: max-content 1fr;
    gap: 4px 12px;
  }
  .details-grid > dt {
    color: var(--vp-muted);
  }
  .details-grid > dd {
    margin: 0;
  }
  blockquote {
    margin: 0;
    padding-left: 8px;
    border-left: 3px solid var(--vscode-textBlockQuote-border, var(--vp-border));
  }
  ul.evidence,
  ul.history {
    margin: 0;
    padding-left: 18px;
  }
  /* Last, so it overrides the table's rules above. */
  /* Too narrow for the seven columns: one card per challenge, every cell a labelled line. */
  @container (max-width: 760px) {
    table,
    tbody,
    tr,
    td {
      display: block;
    }
    thead {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip: rect(0 0 0 0);
    }
    tr[data-testid='challenge-row'] {
      border: 1px solid var(--vp-border);
      border-radius: 3px;
      margin-top: 8px;
      padding: 4px 6px;
    }
    tr[data-testid='challenge-row'] > td {
      display: grid;
      grid-template-columns: 6.5em minmax(0, 1fr);
      justify-items: start;
      gap: 8px;
      border-bottom: none;
      padding: 3px 0;
    }
    tr[data-testid='challenge-row'] > td::before {
      content: attr(data-label);
      color: var(--vp-muted);
    }
    tr.details > td {
      padding: 6px;
    }
    .details-grid {
      grid-template-columns: minmax(0, 1fr);
    }
  }
`;
