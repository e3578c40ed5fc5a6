import type { DetailedHTMLProps, HTMLAttributes } from 'react';

// JSX typing of the ALTCHA custom element (attributes as the widget reads them).
declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'altcha-widget': DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & {
        challenge?: string;
        language?: string;
        name?: string;
        hidefooter?: boolean;
        hidelogo?: boolean;
      };
    }
  }
}
