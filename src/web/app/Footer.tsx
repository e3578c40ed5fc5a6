import { legalPagePath, legalSlugs, legalTitles } from '../../domain/legal/slugs';
import { ui } from '../text';
import { Link } from './router';

/**
 * The footer of every page (COMMON contract): the legal pages and the withdrawal button
 * "Vertrag widerrufen" (/widerruf). Plain links: they open the page in this app.
 */
export function Footer() {
  return (
    <footer className="site-footer">
      <nav aria-label={ui.legal.footerLabel}>
        <ul className="footer-links">
          {legalSlugs.map((slug) => (
            <li key={slug}>
              <Link to={legalPagePath(slug)}>{legalTitles[slug]}</Link>
            </li>
          ))}
          <li>
            {/* i12b's page; a full load, so it works whatever that page needs. */}
            <a href="/widerruf" className="footer-withdraw">
              {ui.legal.withdraw}
            </a>
          </li>
          <li>
            {/* The tenant's contract page (magic link, no password). */}
            <a href="/vertrag">{ui.legal.myContract}</a>
          </li>
        </ul>
      </nav>
    </footer>
  );
}
