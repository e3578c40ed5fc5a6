import { useEffect, useState } from 'react';
import type { LegalBlock, LegalInline, LegalSlug } from '../../domain/legal/index';
import { request } from '../api/http';
import { useServices } from '../app/services';
import { Spinner } from '../app/Spinner';
import { ui } from '../text';
import { legalTexts } from '../../domain/messages/results';

interface LegalAnswer {
  title: string;
  blocks: LegalBlock[];
}

/** The contract documents also come as PDF (served by the documents module). */
const withPdf: readonly LegalSlug[] = [
  'versicherungsbedingungen',
  'verbraucherinformationen',
  'widerrufsbelehrung',
];

function Runs({ content }: { content: LegalInline[] }) {
  return <>{content.map((r, i) => (r.bold ? <strong key={i}>{r.text}</strong> : r.text))}</>;
}

function Block({ block }: { block: LegalBlock }) {
  if (block.kind === 'heading') {
    return block.level === 2 ? (
      <h2>
        <Runs content={block.content} />
      </h2>
    ) : (
      <h3>
        <Runs content={block.content} />
      </h3>
    );
  }
  if (block.kind === 'list') {
    return (
      <ul>
        {block.items.map((item, i) => (
          <li key={i}>
            <Runs content={item} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <p>
      <Runs content={block.content} />
    </p>
  );
}

/**
 * /impressum, /datenschutz, /kontakt and /dokumente/{slug}: a legal text from GET /api/legal/{slug}
 * (parsed on the server, operator details filled in), rendered as React elements - never HTML.
 */
export default function LegalPage({ slug }: { slug: LegalSlug }) {
  const { config } = useServices();
  // Kept with the slug it belongs to: another page's text is never shown while this one loads.
  const [loaded, setLoaded] = useState<{ slug: LegalSlug; doc: LegalAnswer | 'missing' }>();
  const doc = loaded?.slug === slug ? loaded.doc : undefined;
  useEffect(() => {
    const abort = new AbortController();
    request<LegalAnswer>(config.apiHost, `/api/legal/${slug}`, { signal: abort.signal }).then(
      ({ status, data }) =>
        setLoaded({ slug, doc: status === 200 && data?.title ? data : 'missing' }),
      (err: unknown) => {
        if ((err as Error).name !== 'AbortError') setLoaded({ slug, doc: 'missing' });
      },
    );
    return () => abort.abort();
  }, [slug, config.apiHost]);
  const title = doc && doc !== 'missing' ? doc.title : legalTexts.unavailableTitle;
  useEffect(() => {
    if (doc) document.title = `${title} – ${ui.appTitle}`;
  }, [doc, title]);
  if (!doc) return <Spinner text={ui.technical.loading} />;
  if (doc === 'missing') {
    return (
      <div className="card">
        <h1>{legalTexts.unavailableTitle}</h1>
        <p>{legalTexts.unavailable}</p>
      </div>
    );
  }
  return (
    <article className="card legal">
      <h1>{doc.title}</h1>
      {doc.blocks.map((b, i) => (
        <Block key={i} block={b} />
      ))}
      {withPdf.includes(slug) ? (
        <p>
          <a href={`${config.apiHost}/api/legal/${slug}.pdf`} download>
            {legalTexts.pdf(doc.title)}
          </a>
        </p>
      ) : null}
    </article>
  );
}
