import { decideCommand } from './decide';
import { partnerKeyCommand } from './partnerKey';
import { partnerWebhookCommand } from './partnerWebhook';
import { staffCommand } from './staff';
import type { CommandContext, CommandResult } from './types';

/** Every operator command that may run inside the running server (ADR 1203). */
export const commands = {
  decide: decideCommand,
  'partner-key': partnerKeyCommand,
  'partner-webhook': partnerWebhookCommand,
  staff: staffCommand,
} as const satisfies Record<
  string,
  (ctx: CommandContext, args: string[]) => Promise<CommandResult>
>;

export type CommandName = keyof typeof commands;

export const isCommandName = (v: unknown): v is CommandName =>
  typeof v === 'string' && Object.hasOwn(commands, v);
