import type { ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { fieldEntries, inputHints } from '../../domain/fields/fields';
import { activeMask, candidateFields } from '../../domain/flow/activeMask';
import { defaultAppConfig, defaultStepList, type AppConfig } from '../../domain/flow/config';
import { sellingFields, stepIds, type StepId } from '../../domain/flow/steps';
import { defaultFormModel } from '../../domain/model/defaults';
import { fieldKinds, setFields, type FieldPath } from '../../domain/model/paths';
import type { FormModel } from '../../domain/model/schema';
import type { RuleContext } from '../../domain/rules/context';
import { defaultTariff } from '../../domain/tariff/rates';
import type { ApiClient } from '../api/client';
import { Router } from '../app/router';
import { ServicesProvider, type WebConfig } from '../app/services';
import type { StepBodyProps } from '../app/StepPage';
import { fieldId } from '../forms/ids';
import { ApplicationProvider, useApplication } from '../state/application';
import { FlowProvider, useFlow } from '../state/flowContext';
import { StepFormProvider } from '../state/stepForm';
import CheckStep from './CheckStep';
import LandlordStep from './LandlordStep';
import ObjectStep from './ObjectStep';
import PaymentStep from './PaymentStep';
import SellingStep from './SellingStep';
import StartStep from './StartStep';
import TenantStep from './TenantStep';
import UceStep from './UceStep';

// ADR 0308: a field a step lists and the domain's mask shows, but that no step body renders, was
// caught by no unit test (an optional one was silently never asked). Every step body is rendered
// here for models that switch on every guard of activeMask; each field of the mask must have its
// control, found by the id ids.ts gives it (inputs, selects, the first radio, checkboxes, the
// captcha group and the honeypot all carry fieldId(path)). Effects do not run in a server render,
// so nothing is fetched and the widgets stay unloaded.

const bodies: Record<StepId, ComponentType<StepBodyProps>> = {
  start: StartStep,
  uce: UceStep,
  tenant: TenantStep,
  landlord: LandlordStep,
  object: ObjectStep,
  payment: PaymentStep,
  selling: SellingStep,
  check: CheckStep,
};

/** Shown fields without a control by design: the registry says why (`noControl`). */
const noControl = new Set<string>(fieldEntries.filter(([, d]) => d.noControl).map(([p]) => p));

interface Case {
  name: string;
  step: StepId;
  /** Sets the answers that switch guards on (on a fresh default model). */
  answers?: (m: FormModel) => void;
  /** The address the visitor is at (reservation=true in the query turns reservation on). */
  url?: string;
  config?: Partial<AppConfig>;
}

/** Ticks every extra (the yes/no fields of the selling step), so each shows its detail field. */
const allExtras = (m: FormModel) => {
  const extras = sellingFields.filter((p) => fieldKinds[p].kind === 'bool');
  m.selling = setFields(
    m,
    extras.map((p) => [p, true] as const),
  ).selling;
};

const cases: Case[] = [
  {
    name: 'start below the digital limit',
    step: 'start',
    answers: (m) => void (m.objective.deposit = 1000),
  },
  { name: 'uce', step: 'uce' },
  {
    name: 'tenant with a second tenant and the partner code',
    step: 'tenant',
    answers: (m) => void (m.objective.useSecondTenant = true),
  },
  {
    name: 'tenant in reservation mode (consent, captcha)',
    step: 'tenant',
    url: '/tenant?reservation=true',
  },
  {
    name: 'landlord as a person',
    step: 'landlord',
    answers: (m) => void (m.landlord.formOfAddress = 'f'),
  },
  {
    name: 'landlord as a company',
    step: 'landlord',
    answers: (m) => void (m.landlord.formOfAddress = 'company'),
  },
  {
    name: 'object: existing limited contract, pre-insurance, pre-damage',
    step: 'object',
    answers: (m) => {
      m.objective.target = 'retrieveDeposit';
      m.object.isContractLimited = true;
      m.object.hasPreinsurance = true;
      m.object.hasPredamage = true;
    },
  },
  {
    name: 'object with the start fields (reconfigured)',
    step: 'object',
    config: { reconfigured: true },
    answers: (m) => void (m.objective.deposit = 1000),
  },
  {
    name: 'payment by IBAN with the partner code and captcha',
    step: 'payment',
    answers: (m) => void (m.objective.deposit = 1000),
  },
  {
    name: 'payment by account number',
    step: 'payment',
    answers: (m) => void (m.bankAccount.useIban = false),
  },
  { name: 'selling with every extra and its detail', step: 'selling', answers: allExtras },
  {
    name: 'check with postal delivery and the extras (no selling step)',
    step: 'check',
    config: { stepList: defaultStepList.filter((s) => s !== 'selling') },
    answers: (m) => {
      m.objective.deliverTo = 'objectAddresss';
      allExtras(m);
    },
  },
];

/** No network in this test: any call of the API client fails it. */
const offline = new Proxy({} as ApiClient, {
  get: (_target, name) => () => {
    throw new Error(`api.${String(name)} called while rendering`);
  },
});

const webConfig = (app: AppConfig): WebConfig => ({
  app,
  apiHost: '',
  sidebarHost: '',
  streetSuggestions: false,
  callbackBaseUrl: '',
  tariff: defaultTariff,
  creditorId: 'DE98ZZZ09999999999',
  now: () => new Date('2026-03-02T10:00:00Z'),
});

/** What StepPage puts around a step body: its rule context and the step form with the mask. */
function StepBody({ step, seen }: { step: StepId; seen: (mask: string[]) => void }) {
  const { model } = useApplication();
  const { config, list, reservation } = useFlow();
  const ctx: RuleContext = {
    today: '2026-03-02',
    reconfigured: config.reconfigured,
    reservation,
    stepList: list,
  };
  // StepPage passes validateStepForWeb's result, whose mask is this; the errors do not decide
  // whether a control renders (and would load the IBAN and country tables).
  const mask = activeMask(model, step, ctx);
  seen(mask);
  const Body = bodies[step];
  return (
    <StepFormProvider step={step} validation={{ mask, errors: {} }}>
      <Body ctx={ctx} />
    </StepFormProvider>
  );
}

function render(c: Case): { mask: string[]; ids: Set<string>; markup: string } {
  const model = defaultFormModel();
  c.answers?.(model);
  const config = { ...defaultAppConfig, ...c.config };
  // The router reads the address (path and query) when it starts; nothing else of the browser.
  vi.stubGlobal('window', {
    location: new URL(c.url ?? `/${c.step}`, 'http://localhost'),
    history: { state: null },
  });
  let mask: string[] = [];
  const markup = renderToStaticMarkup(
    <ServicesProvider value={{ api: offline, config: webConfig(config) }}>
      <Router>
        <ApplicationProvider initialModel={model}>
          <FlowProvider config={config}>
            <StepBody step={c.step} seen={(m) => (mask = m)} />
          </FlowProvider>
        </ApplicationProvider>
      </Router>
    </ServicesProvider>,
  );
  const ids = new Set([...markup.matchAll(/\sid="([^"]*)"/g)].map((m) => m[1] ?? ''));
  return { mask, ids, markup };
}

afterAll(() => {
  vi.unstubAllGlobals();
});

const rendered = cases.map((c) => ({ ...c, ...render(c) }));
const registryIds = new Map(fieldEntries.map(([p]) => [fieldId(p), p]));

describe('every field a step shows has its control', () => {
  test.each(rendered)('$name', ({ mask, ids }) => {
    const missing = mask.filter((p) => !noControl.has(p) && !ids.has(fieldId(p)));
    expect(missing, 'shown by the mask but no control rendered (src/web/steps)').toEqual([]);
    const extra = [...ids].flatMap((id) => {
      const p = registryIds.get(id);
      return p && !mask.includes(p) ? [p] : [];
    });
    expect(extra, 'a control rendered for a field the mask does not show').toEqual([]);
  });
});

describe('the cases switch on every guard', () => {
  // Every context activeMask knows (RuleContext): reservation, reconfigured, a list without the
  // selling step. A new context flag needs its variants here and a case above.
  const contexts: RuleContext[] = [false, true].flatMap((reservation) =>
    [false, true].flatMap((reconfigured) =>
      [undefined, defaultStepList.filter((s) => s !== 'selling')].map((stepList) => ({
        today: '2026-03-02',
        reservation,
        reconfigured,
        stepList,
      })),
    ),
  );
  test.each(stepIds)('%s: every field it can show is shown by a case', (step) => {
    const canShow = new Set<FieldPath>(contexts.flatMap((ctx) => candidateFields(step, ctx)));
    const shown = new Set(rendered.filter((c) => c.step === step).flatMap((c) => c.mask));
    const never = [...canShow].filter((p) => !shown.has(p));
    expect(never, 'no case shows these fields: add a case that switches their guard on').toEqual(
      [],
    );
  });
});

describe('the inputs type as the field registry says (inputHints)', () => {
  // Keyboard and digits come from the registry, never from the page (issue 29): a postcode takes
  // five digits on the number pad, an e-mail the e-mail keyboard; other texts are cut off by no
  // maxlength (the rule's message explains a text that is too long).
  const inputs = new Map(
    rendered.flatMap(({ markup }) =>
      [...markup.matchAll(/<input\s[^>]*>/g)].map((m): [string, string] => {
        const id = /\sid="([^"]*)"/.exec(m[0])?.[1] ?? '';
        return [id, m[0]];
      }),
    ),
  );
  const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
  const texts = fieldEntries.filter(([p, d]) => d.kind === 'text' && inputs.has(fieldId(p)));

  test.each(texts.map(([p]) => p))('%s', (path) => {
    const tag = inputs.get(fieldId(path))!;
    const hint = inputHints[path];
    const typed = attr(tag, 'type');
    if (typed === 'hidden' || typed === 'checkbox' || typed === 'radio') return;
    expect({
      type: typed ?? 'text', // the HTML default
      inputMode: attr(tag, 'inputMode'),
      maxLength: attr(tag, 'maxLength'),
    }).toEqual({
      type: hint === 'email' || hint === 'tel' ? hint : 'text',
      inputMode: hint === 'numeric' || typeof hint === 'object' ? 'numeric' : undefined,
      maxLength: typeof hint === 'object' ? String(hint.digits) : undefined,
    });
  });

  test('postcode 5 and bank code 8 digits, from the registry', () => {
    expect(attr(inputs.get(fieldId('firstTenant.address.zip'))!, 'maxLength')).toBe('5');
    expect(attr(inputs.get(fieldId('bankAccount.bankCode'))!, 'maxLength')).toBe('8');
    expect(texts.length).toBeGreaterThan(30);
  });
});
