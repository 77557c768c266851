import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { figureDir, nameRuns, type AnswerPart } from './analysis-text';

/** A figure isolated from the text around it, in its own direction (figureDir). */
export function FigureText({ text }: { text: string }) {
  return <bdi dir={figureDir(text)}>{text}</bdi>;
}

export interface FactLinks {
  /** Whether the facts table has this fact. */
  known: (id: string) => boolean;
  /** A link's click handler: scrolls to the fact's row and marks it. */
  goToFact: (id: string) => (e: MouseEvent) => void;
  /** The link's tooltip: what the fact is. */
  tip: (id: string) => string;
}

/** One part of the answer: text, a figure linked to its fact, or small references to the facts cited. */
export function AnswerPartView({ p, links }: { p: AnswerPart; links: FactLinks }) {
  const { known, goToFact, tip } = links;
  if (p.kind === 'text') {
    // A quoted name in its own isolate: a Latin name opening an RTL line keeps its quotes around it.
    return (
      <span>
        {nameRuns(p.text).map((r, j) =>
          r.name ? (
            <bdi key={j} dir="auto">
              {r.text}
            </bdi>
          ) : (
            r.text
          ),
        )}
      </span>
    );
  }
  if (p.kind === 'cite') {
    // Small references instead of "[F3]": the sentence reads on; each its own LTR isolate, so RTL text cannot mirror its brackets or order.
    if (!p.ids.every(known)) return <span>{p.text}</span>;
    return <Citations ids={p.ids} links={links} />;
  }
  if (p.factId && known(p.factId)) {
    return (
      <Link
        href={`#fact-${p.factId}`}
        onClick={goToFact(p.factId)}
        data-testid="analysis-figure"
        data-fact={p.factId}
        color="inherit"
        sx={{ textDecorationStyle: 'dotted' }}
        title={tip(p.factId)}
      >
        <FigureText text={p.text} />
      </Link>
    );
  }
  return <FigureText text={p.text} />;
}

function Citations({ ids, links }: { ids: string[]; links: FactLinks }) {
  const { t } = useTranslation();
  return (
    <Box component="sup" dir="ltr" sx={{ fontSize: '0.7em', lineHeight: 0, marginInlineStart: '1px' }}>
      {ids.map((id, j) => (
        <span key={id + j}>
          {j > 0 && ','}
          <Link
            href={`#fact-${id}`}
            onClick={links.goToFact(id)}
            underline="hover"
            data-testid="analysis-citation"
            // The name starts with what the link shows (WCAG 2.5.3, label in name), then which fact.
            aria-label={`${id.slice(1)} — ${t('aiAnalytics.figureOf', { id })}`}
            title={links.tip(id)}
          >
            {id.slice(1)}
          </Link>
        </span>
      ))}
    </Box>
  );
}
