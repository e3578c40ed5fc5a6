import { chat as timing } from '../../domain/rules/limits';

/**
 * The live-chat loader (spec §9): after 350 ms the provider's script is requested, retried every
 * 650 ms until its SDK is there, then initialised in German after 950 ms. Chatwoot-compatible:
 * {baseUrl}/packs/js/sdk.js and window.chatwootSDK.run({websiteToken, baseUrl}). Nothing is
 * loaded when no provider is configured.
 */
const MAX_TRIES = 20;

interface ChatWindow {
  chatwootSDK?: { run: (opts: { websiteToken: string; baseUrl: string }) => void };
  chatwootSettings?: { locale: string };
}

export function startChat(chat: { baseUrl: string; websiteToken: string } | undefined): () => void {
  if (!chat?.baseUrl || !chat.websiteToken) return () => undefined;
  const w = window as unknown as ChatWindow;
  const timers: ReturnType<typeof setTimeout>[] = [];
  let tries = 0;
  const init = () => {
    w.chatwootSettings = { locale: timing.language };
    w.chatwootSDK?.run({ websiteToken: chat.websiteToken, baseUrl: chat.baseUrl });
  };
  const waitForSdk = () => {
    if (w.chatwootSDK) {
      timers.push(setTimeout(init, timing.initDelayMs));
      return;
    }
    if (++tries < MAX_TRIES) timers.push(setTimeout(waitForSdk, timing.retryMs));
  };
  timers.push(
    setTimeout(() => {
      const script = document.createElement('script');
      script.src = `${chat.baseUrl.replace(/\/$/, '')}/packs/js/sdk.js`;
      script.async = true;
      document.head.appendChild(script);
      waitForSdk();
    }, timing.loadDelayMs),
  );
  return () => timers.forEach(clearTimeout);
}
