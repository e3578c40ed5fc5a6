// The shape of one entry of the field registry (registry.ts) and the small constructors that
// write it. A field says everything about itself here; types, tables and docs are derived.

/**
 * Its name on the new API (bracket notation). The old API needs none: it nests the model path
 * (tenancy_retail[group][field]). A pair when the reconfigured new API names it differently.
 */
export type NewApiName = string | { readonly new: string; readonly reconfigured: string };

interface Common {
  /** The German label (<label>, check page, error summary); spec wording. */
  readonly label: string;
  /** Longest accepted text, spec §5 (N = 5, 22, 25, 30, 34, 50, 60, 255); the mapping is ours. */
  readonly max?: number;
  /** May be left empty. Without it the field is required whenever it is shown. */
  readonly optional?: true;
  /**
   * Why no step shows it (set by the server or the link, kept for stored data). Without it the
   * field must be in the fields of a step (flow/steps.ts); a test checks both ways.
   */
  readonly notShown?: string;
  /**
   * Why a field a step shows has no control of its own (a token the form fills in and sends with
   * the step). src/web/steps/stepFields.test.tsx expects a control for every other shown field.
   */
  readonly noControl?: string;
  /** false: no help button (bot checks). Otherwise the help text is content/sidebar/<path>.md. */
  readonly help?: false;
  /**
   * false: a link's prefill_data never fills it (ADR 1109): where mail and money go, the bot
   * checks and client state. Consent boxes (`consent`) are never prefilled either.
   */
  readonly prefill?: false;
  /** false: not in the API's documented body (ids the server sets, the browser's own state). */
  readonly api?: false;
  readonly wire: NewApiName;
}

/**
 * How a text is typed (the web's input reads it): the keyboard a phone shows ('numeric', 'email',
 * 'tel'); `digits`: a code of that many digits on the number pad, the browser takes no more.
 */
export type InputHint = 'numeric' | 'email' | 'tel' | { readonly digits: number };
/** The lists a text is chosen from (a select or radio of the page) instead of typed. */
export type ChoiceList = 'countries' | 'callbackTimes' | 'subPartners';

export interface TextDef extends Common {
  readonly kind: 'text';
  readonly input?: InputHint;
}
/** A text chosen from a list: Radio or Select accept its path (and Text, where no list is given). */
export interface ChosenTextDef extends TextDef {
  readonly choices: ChoiceList;
}
/** 'TT.MM.JJJJ' in the model. */
export interface DateDef extends Common {
  readonly kind: 'date';
}
/** true / false; null or undefined = unanswered. */
export interface BoolDef extends Common {
  readonly kind: 'bool';
  /** A consent box: required means ticked (true), not merely answered. */
  readonly consent?: true;
}
/** Euros as a number. */
export interface AmountDef extends Common {
  readonly kind: 'amount';
}
export interface EnumDef<V extends string | number = string | number> extends Common {
  readonly kind: 'enum';
  readonly values: readonly V[];
  /** The new API's spelling of each value, when it differs from the model's. */
  readonly newValues?: { readonly [K in V]: string };
  /** Earlier spellings the new API still reads: wire value -> model value. */
  readonly newValueAliases?: Readonly<Record<string, V>>;
}

export type FieldDef = TextDef | ChosenTextDef | DateDef | BoolDef | AmountDef | EnumDef;

export const text = (o: Common & { input?: InputHint }): TextDef => ({ kind: 'text', ...o });
export const chosenText = (choices: ChoiceList, o: Common): ChosenTextDef => ({
  kind: 'text',
  choices,
  ...o,
});
export const date = (o: Common): DateDef => ({ kind: 'date', ...o });
export const bool = (o: Common & { consent?: true }): BoolDef => ({ kind: 'bool', ...o });
export const amount = (o: Common): AmountDef => ({ kind: 'amount', ...o });
export const oneOf = <V extends string | number>(
  values: readonly V[],
  o: Common & Pick<EnumDef<NoInfer<V>>, 'newValues' | 'newValueAliases'>,
): EnumDef<V> => ({ kind: 'enum', values, ...o });

export const isFieldDef = (x: unknown): x is FieldDef =>
  typeof x === 'object' && x !== null && typeof (x as { kind?: unknown }).kind === 'string';

/** A group of the form model: fields and nested groups (an address). */
export interface FieldGroup {
  readonly [key: string]: FieldDef | FieldGroup;
}

/** The model value a field holds (undefined = never entered, see ModelOf). */
type ValueOf<D> = D extends { readonly kind: 'enum'; readonly values: readonly (infer V)[] }
  ? V
  : D extends TextDef | DateDef
    ? string
    : D extends BoolDef
      ? boolean | null
      : D extends AmountDef
        ? number | null
        : never;

/** One object type instead of an intersection (what editors show). */
export type Flat<T> = { [K in keyof T]: T[K] } & {};

/** The model shape of a group: every field optional (never entered), nested groups present. */
export type ModelOf<G> = {
  -readonly [K in keyof G as G[K] extends FieldDef ? K : never]?: ValueOf<G[K]>;
} & {
  -readonly [K in keyof G as G[K] extends FieldDef ? never : K]: ModelOf<G[K]>;
};

/** The fields of a group whose definition is a D, as dotted paths (the paths of one kind). */
export type PathsWhere<G, D> = {
  [K in keyof G & string]-?: G[K] extends FieldDef
    ? G[K] extends D
      ? K
      : never
    : `${K}.${PathsWhere<G[K], D>}`;
}[keyof G & string];

/** Every field of a group as a dotted path ('address.zip'). */
export type PathsOf<G> = {
  [K in keyof G & string]-?: G[K] extends FieldDef ? K : `${K}.${PathsOf<G[K]>}`;
}[keyof G & string];
