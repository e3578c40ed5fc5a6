import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A small local HTTP server standing in for a third party (geocoder, chat provider). */
export interface Peer {
  url: string;
  /** Request paths with query, in arrival order. */
  requests: string[];
  close(): Promise<void>;
}

async function listen(server: Server, requests: string[]): Promise<Peer> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** Streets the local geocoder knows: [street, postcode, city]. */
const photonStreets: [string, string, string][] = [
  ['Hauptstraße', '10115', 'Berlin'],
  ['Hauptstraße', '20095', 'Hamburg'],
  ['Hauptweg', '80331', 'München'],
];

/** A geocoder answering like Photon's /api (GeoJSON FeatureCollection of street features). */
export function startPhoton(): Promise<Peer> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(req.url ?? '');
    const q = (new URL(req.url ?? '/', 'http://x').searchParams.get('q') ?? '').toLowerCase();
    const word = q.split(',')[0]?.trim() ?? '';
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify({
        type: 'FeatureCollection',
        features: photonStreets
          .filter(([street]) => street.toLowerCase().startsWith(word))
          .map(([name, postcode, city], i) => ({
            type: 'Feature',
            geometry: { type: 'Point', coordinates: [10 + i, 50 + i] },
            properties: {
              osm_key: 'highway',
              type: 'street',
              name,
              postcode,
              city,
              countrycode: 'DE',
            },
          })),
      }),
    );
  });
  return listen(server, requests);
}

/**
 * A Chatwoot-compatible chat provider: /packs/js/sdk.js defines window.chatwootSDK a moment after
 * it runs (so the loader's retry is needed); run() records its options and the locale.
 */
export function startChatProvider(): Promise<Peer> {
  const requests: string[] = [];
  const sdk = `setTimeout(function () {
  window.chatwootSDK = { run: function (o) {
    window.__chatRuns = (window.__chatRuns || []).concat([{ websiteToken: o.websiteToken,
      baseUrl: o.baseUrl, locale: window.chatwootSettings && window.chatwootSettings.locale }]);
  } };
}, 300);`;
  const server = createServer((req, res) => {
    requests.push(req.url ?? '');
    if (req.url?.startsWith('/packs/js/sdk.js')) {
      res.setHeader('content-type', 'text/javascript');
      res.end(sdk);
    } else {
      res.statusCode = 404;
      res.end();
    }
  });
  return listen(server, requests);
}

/** Another website the app may send the tenant to (CALLBACK_BASE_URL): an accessible HTML page. */
export function startLandingPage(): Promise<Peer> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(req.url ?? '');
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(
      '<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Partnerseite</title>' +
        '<meta name="viewport" content="width=device-width, initial-scale=1"></head>' +
        '<body><main><h1>Partnerseite</h1></main></body></html>',
    );
  });
  return listen(server, requests);
}
