/**
 * Every catalogue key the web app uses, in one place, so a renamed key in the domain catalogue
 * is one edit here (and a test can check that each one resolves).
 */
export const fieldLabel = (path: string) => `fields.${path}.label`;
export const fieldHint = (path: string) => `fields.${path}.hint`;
export const fieldOption = (path: string, value: string | number) =>
  `fields.${path}.options.${value}`;
export const stepTitle = (step: string) => `steps.${step}.title`;
export const errorKey = (key: string) => `error.${key}`;

export const ui = {
  appTitle: 'ui.appTitle',
  navLabel: 'ui.navLabel',
  errorSummaryTitle: 'ui.errorSummaryTitle',
  errorSummaryIntro: 'ui.errorSummaryIntro',
  errorPageTitle: 'ui.errorPageTitle',
  loading: 'ui.loading',
  saving: 'ui.saving',
  networkError: 'ui.networkError',
  xhrError: 'ui.xhrError',
  chunkError: 'ui.chunkError',
  reload: 'ui.reload',
  saveLater: 'ui.saveLater',
  yes: 'ui.yes',
  no: 'ui.no',
  skipToContent: 'ui.skipToContent',
} as const;
