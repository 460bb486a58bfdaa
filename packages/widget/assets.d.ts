/** The version folder the widget's files are built into and served under (`/widget/v1/...`). */
export declare const WIDGET_VERSION: 'v1';
/** The built widget: one folder per version (`dist/v1/widget.js`, its chunks and pages). */
export declare const widgetDistDir: string;
/** Whether `dist` is missing or older than the widget's sources or the packages it bundles. */
export declare function isWidgetBuildStale(): boolean;
/** Builds the widget when it is missing or stale; throws when the build fails. */
export declare function ensureWidgetBuilt(): void;
