import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../clock';
import { engines } from '../testing/database';
import { testNow } from '../testing/fixtures';
import { call } from '../testing/http';
import { startTestServer, type TestServer } from '../testing/server';

// Spec §5: "Contract sign date: before the move-in date" and "Move-in date: after the contract
// date", strictly (ADR 0830): the server refuses the same day on both fields, in both API
// generations, as the browser does.
describe.each(engines)(
  'spec §5 sign date before the move-in date, server side, on %s',
  (engine) => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({ engine, clock: fixedClock(testNow) });
    });
    afterAll(async () => {
      await s?.close();
    });

    const newApi = (signedAt: string, movedInAt: string) =>
      call(s.url, 'POST', '/api/tenancies?step=object', {
        rentalObject: {
          rentalContract: { deposit: '1500', isExisting: 'false', signedAt, movedInAt },
        },
      });
    const oldApi = (signed: string, moveIn: string) =>
      call(
        s.url,
        'PUT',
        '/tenancy_steps_reconfigured/json_to_cid?step=object&reconf_to=',
        new URLSearchParams({
          'tenancy_retail[objective][deposit]': '1500',
          'tenancy_retail[objective][target]': 'newContract',
          'tenancy_retail[object][contractSignDate]': signed,
          'tenancy_retail[object][moveInDate]': moveIn,
        }).toString(),
        { form: true },
      );

    it('new API: the same day fails on both date fields, the day before passes', async () => {
      const same = await newApi('2026-03-20', '2026-03-20');
      expect(same.body.errors['rentalObject[rentalContract][signedAt]'].message).toEqual([
        'Der Mietbeginn muss vor dem Einzugsdatum liegen.',
      ]);
      expect(same.body.errors['rentalObject[rentalContract][movedInAt]'].message).toEqual([
        'Das Einzugsdatum muss nach dem Mietbeginn liegen.',
      ]);
      const before = await newApi('2026-03-19', '2026-03-20');
      expect(before.body.errors['rentalObject[rentalContract][signedAt]']).toBeUndefined();
      expect(before.body.errors['rentalObject[rentalContract][movedInAt]']).toBeUndefined();
    });

    it('old API: the same day fails on both date fields, the day before passes', async () => {
      const same = await oldApi('20.03.2026', '20.03.2026');
      expect(same.body.errors['tenancy_retail[object][contractSignDate]'].message).toEqual([
        'Der Mietbeginn muss vor dem Einzugsdatum liegen.',
      ]);
      expect(same.body.errors['tenancy_retail[object][moveInDate]'].message).toEqual([
        'Das Einzugsdatum muss nach dem Mietbeginn liegen.',
      ]);
      const before = await oldApi('19.03.2026', '20.03.2026');
      expect(before.body.errors['tenancy_retail[object][contractSignDate]']).toBeUndefined();
      expect(before.body.errors['tenancy_retail[object][moveInDate]']).toBeUndefined();
    });
  },
);
