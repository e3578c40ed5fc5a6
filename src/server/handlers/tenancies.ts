import type { FastifyReply } from 'fastify';
import type { Services } from '../services/index';
import type { SaveInput } from '../services/tenancies';
import type { WireCodec } from '../services/wire';
import { sendSaveAnswer, tenancyRefusal } from './replies';

/**
 * A saved application in the codec's wire shape; `envelope` gives it the generation's answer shape
 * (the new API's `{data}`, the old API's bare object). Spec §8 error keys as error answers.
 */
export async function tenancyLoadAnswer<T extends object = Record<string, unknown>>(
  services: Services,
  codec: WireCodec,
  cid: unknown,
  envelope: (data: Record<string, unknown>) => T = (data) => data as T,
) {
  try {
    return envelope(await services.tenancies.load(codec, cid));
  } catch (err) {
    throw tenancyRefusal(err);
  }
}

/** A step save or a final submission: `{cid, errors, skip_to}`, 400 when values were refused. */
export async function tenancySaveAnswer(services: Services, input: SaveInput, reply: FastifyReply) {
  try {
    return sendSaveAnswer(reply, await services.tenancies.save(input));
  } catch (err) {
    throw tenancyRefusal(err);
  }
}
