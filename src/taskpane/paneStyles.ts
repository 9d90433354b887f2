/**
 * The pane's own layout rules, shipped with the bundle so the Office pane and the preview look the
 * same. Plain CSS (rendered once by App) rather than a CSS loader, which the build does not have.
 * The rules keep every panel inside a 320–450 px column: inputs may shrink, rows wrap (the tab bar keeps to one line: components/TabBar.tsx).
 */
export const PANE_CSS = `
.pane { min-width: 0; }
.pane-body { padding: 8px 12px 24px; }
.pane .panel, .pane .panel form { display: flex; flex-direction: column; gap: 8px; margin-bottom: 12px; min-width: 0; }
.pane .panel h3 { margin: 12px 0 0; font-size: 14px; }
.pane fieldset { border: 1px solid #e0e0e0; padding: 6px 8px; min-width: 0; margin: 0; }
.pane .fui-Input, .pane .fui-Select, .pane .fui-Textarea { min-width: 0; max-width: 100%; }
.pane .fui-Input__input { min-width: 0; width: 100%; }
.pane .fui-Field > * { min-width: 0; }
.pane .toolbar { display: flex; flex-wrap: wrap; gap: 4px; }
.pane .spend-table { border-collapse: collapse; font-size: 12px; width: 100%; }
.pane .spend-table th, .pane .spend-table td { padding: 2px 4px; border-bottom: 1px solid #e0e0e0; text-align: right; font-weight: normal; }
.pane .spend-table th[scope="row"], .pane .spend-table thead th:first-child { text-align: left; }
.pane .spend-table thead th, .pane .spend-table .spend-total > * { font-weight: 600; }
.pane .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.pane .spend-questions { display: flex; flex-direction: column; gap: 8px; margin-bottom: 12px; }
.pane .field-picker .chosen { padding-left: 20px; margin: 4px 0; }
.pane .field-picker .chosen li { display: flex; flex-wrap: wrap; align-items: center; gap: 2px; }
.pane .field-picker .chosen li > span { flex: 1 1 120px; overflow-wrap: anywhere; }
.pane .field-picker .chosen button { min-width: 28px; min-height: 28px; padding: 0 4px; }
.pane .field-picker .rule { flex-basis: 100%; color: #8a5a00; }
.pane .field-groups details { margin: 4px 0; }
.pane .field-groups .fui-Checkbox { display: flex; }
.pane .advanced summary, .pane .field-groups summary { cursor: pointer; }
.pane .activity ul, .pane .sheets { list-style: none; padding: 0; margin: 4px 0; }
.pane .activity li, .pane .sheets li { border-top: 1px solid #eee; padding: 6px 0; display: flex; flex-wrap: wrap; gap: 4px; align-items: center; }
.pane .activity li > *, .pane .sheets li > .fui-Text { flex-basis: 100%; overflow-wrap: anywhere; }
.pane .activity li > button { flex-basis: auto; }
.pane .error-details summary { cursor: pointer; color: #424242; }
.pane .error-details pre { white-space: pre-wrap; overflow-wrap: anywhere; font-size: 11px; background: #f5f5f5; padding: 4px; margin: 4px 0; }
.pane .activity-failed .detail, .pane .error { color: #a4262c; }
.pane .stale { color: #8a5a00; font-weight: 600; }
.pane .cell-params .fui-Text { overflow-wrap: anywhere; }
.pane .about { border-top: 1px solid #e0e0e0; margin-top: 8px; padding-top: 8px; }
.pane .selftest { display: flex; flex-direction: column; gap: 6px; }
.pane .selftest-results { list-style: none; padding: 0; margin: 0; }
.pane .selftest-results li { padding: 3px 0; border-top: 1px solid #eee; overflow-wrap: anywhere; }
.pane .selftest-results li[data-status="fail"] { color: #a4262c; }
.pane .fui-Input:focus-within, .pane .fui-Textarea:focus-within, .pane .fui-Select:focus-within, .pane .fui-Dropdown:focus-within, .pane .fui-Combobox:focus-within, .pane .fui-SpinButton:focus-within { outline: 2px solid #0f6cbd; outline-offset: 1px; }
.pane summary:focus-visible, .pane a:focus-visible, .pane input[type="date"]:focus-visible { outline: 2px solid #0f6cbd; outline-offset: 1px; }
/* Messages in the pane's flow, above the tabs: never over a field. Fluent places its toaster at a corner of the window with inline styles. */
.pane .notifications .fui-Toaster { position: static !important; inset: auto !important; transform: none !important; width: auto !important; margin: 0 0 4px !important; }
/* A date box's calendar: the browser's date input, out of sight and out of the Tab order, opened by the box's calendar button. */
.pane .date-picker-proxy { position: absolute; right: 0; bottom: 0; width: 1px; height: 1px; opacity: 0; pointer-events: none; border: 0; padding: 0; }
.pane .selftest-report { white-space: pre-wrap; font-size: 11px; max-height: 200px; overflow: auto; }
`;
