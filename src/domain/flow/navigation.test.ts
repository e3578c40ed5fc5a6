import { describe, expect, test } from 'vitest';
import { defaultAppConfig, isReservationValue } from './config';
import {
  backLabel,
  canJumpTo,
  forwardLabel,
  forwardTarget,
  navItems,
  resolveStep,
  stepList,
} from './navigation';
import type { StepId } from './steps';
import { stepByRoute, steps } from './steps';

const plain = { reservation: false, hasVmAndUvm: false };
const list = stepList(defaultAppConfig, plain);

describe('step list', () => {
  test.each([
    [{}, plain, ['start', 'uce', 'tenant', 'landlord', 'object', 'payment', 'selling', 'check']],
    [
      {},
      { ...plain, hasVmAndUvm: true },
      ['start', 'tenant', 'landlord', 'object', 'payment', 'selling', 'check'],
    ],
    [{}, { ...plain, reservation: true }, ['start', 'tenant']],
    [{ reservationGlobal: true }, plain, ['start', 'tenant']],
    [
      { reconfigured: true },
      plain,
      ['uce', 'tenant', 'landlord', 'object', 'payment', 'selling', 'check'],
    ],
    [
      { stepList: ['start', 'tenant', 'check', 'check'] as StepId[] },
      plain,
      ['start', 'tenant', 'check'],
    ],
  ])('config %o, options %o -> %o', (cfg, opts, expected) => {
    expect(stepList({ ...defaultAppConfig, ...cfg }, opts)).toEqual(expected);
  });
});

describe('forward labels name the next step; the last step submits', () => {
  test.each([
    ['start', 'Weiter'],
    ['uce', 'Weiter'],
    ['tenant', 'Weiter zum Vermieter'],
    ['landlord', 'Weiter zum Mietobjekt'],
    ['object', 'Weiter zur Zahlung'],
    ['payment', 'Weiter zu Extras'],
    ['selling', 'Weiter zur Übersicht'],
    ['check', 'Kostenpflichtig abschliessen'],
  ] as [StepId, string][])('%s -> %s', (step, label) => {
    expect(forwardLabel(list, step, false)).toBe(label);
  });
  test('a list leading to start says "Weiter zum Start"', () => {
    expect(forwardLabel(['uce', 'start', 'tenant'], 'uce', false)).toBe('Weiter zum Start');
  });
  // Spec §2: /uce "also entered when a partner lookup returns data and no cid is stored"; forward
  // buttons "Weiter zum Start": the deposit is still asked (ADR 0835).
  test.each([
    [undefined, 'Weiter zum Start'],
    [null, 'Weiter zum Start'],
    [1500, 'Weiter'],
  ])('/uce after /start with deposit %s -> %s', (deposit, label) => {
    const list: StepId[] = ['start', 'uce', 'tenant', 'landlord'];
    expect(forwardLabel(list, 'uce', false, { objective: { deposit } })).toBe(label);
    expect(forwardTarget(list, 'uce', { objective: { deposit } })).toBe(
      deposit ? 'tenant' : 'start',
    );
  });
  test('the last step submits even while the deposit is missing (the reservation leads back)', () => {
    const r: StepId[] = ['start', 'tenant'];
    expect(forwardLabel(r, 'tenant', true, { objective: {} })).toBe('Reservierung absenden');
  });
  test('reservation: the tenant step submits the reservation', () => {
    const r = stepList(defaultAppConfig, { ...plain, reservation: true });
    expect(forwardLabel(r, 'start', true)).toBe('Weiter');
    expect(forwardLabel(r, 'tenant', true)).toBe('Reservierung absenden');
  });
  test('without selling the check step still carries the paid button', () => {
    const l: StepId[] = ['start', 'tenant', 'payment', 'check'];
    expect(forwardLabel(l, 'payment', false)).toBe('Weiter zur Übersicht');
    expect(forwardLabel(l, 'check', false)).toBe('Kostenpflichtig abschliessen');
  });
});

describe('back labels name the previous step', () => {
  test.each([
    ['start', undefined],
    ['uce', 'Zurück zum Start'],
    ['tenant', 'Zurück zum Start'],
    ['landlord', 'Zurück zum Mieter'],
    ['object', 'Zurück zum Vermieter'],
    ['payment', 'Zurück zum Mietobjekt'],
    ['selling', 'Zurück zur Zahlung'],
    ['check', 'Zurück zu Extras'],
  ] as [StepId, string | undefined][])('%s -> %s', (step, label) => {
    expect(backLabel(list, step)).toBe(label);
  });
});

describe('top navigation', () => {
  test('hides start and uce, ends with FERTIG!', () => {
    expect(navItems(list, false).map((i) => i.label)).toEqual([
      'Mieter',
      'Vermieter',
      'Mietobjekt',
      'Zahlung',
      'Extras',
      'Bestätigen',
      'FERTIG!',
    ]);
  });
  test('is hidden in reservation mode', () => {
    expect(navItems(['start', 'tenant'], true)).toEqual([]);
  });
  test('jumps only backwards', () => {
    expect(canJumpTo(list, 'payment', 'tenant')).toBe(true);
    expect(canJumpTo(list, 'payment', 'payment')).toBe(false);
    expect(canJumpTo(list, 'payment', 'check')).toBe(false);
    expect(canJumpTo(['start', 'tenant'], 'tenant', 'landlord')).toBe(false);
  });
});

describe('routes', () => {
  test('a step outside the list resolves to the first step', () => {
    expect(resolveStep(['start', 'tenant'], 'payment')).toBe('start');
    expect(resolveStep(['uce', 'tenant'], undefined)).toBe('uce');
    expect(resolveStep(list, 'object')).toBe('object');
  });
  test('routes map to steps', () => {
    expect(stepByRoute('/object?cid=abc')).toBe('object');
    expect(stepByRoute('/tenant/')).toBe('tenant');
    expect(stepByRoute('/error')).toBeUndefined();
    for (const s of Object.values(steps)) expect(stepByRoute(s.route)).toBe(s.id);
  });
  test.each([
    ['true', true],
    ['on', true],
    ['1', true],
    ['TRUE', true],
    ['false', false],
    ['0', false],
    ['', false],
    [null, false],
    ['yes', false],
  ])('reservation=%s -> %s', (v, expected) => {
    expect(isReservationValue(v)).toBe(expected);
  });
});
