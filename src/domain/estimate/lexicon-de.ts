/**
 * German trade words (Leistungsverzeichnisse: Rohbau, Tiefbau, Ausbau), as lexicon entries.
 * German joins words into compounds (`Stahlbetonarbeiten`, `Fundamenterder`, `Deckendose`), so
 * the stems are matched anywhere in a word rather than at word boundaries.
 */
import type { WorkKind } from './rates.js';
import type { Trade } from './types.js';

/** The shape of a lexicon entry (`LexiconEntry` in lexicon.ts, which spreads these in). */
interface WordEntry {
  trade: Trade;
  label: string;
  re: RegExp;
  work?: WorkKind;
  refine?: (text: string) => { trade?: Trade; label?: string; work?: WorkKind } | null;
}

export const GERMAN_ENTRIES: readonly WordEntry[] = [
  {
    trade: 'general-conditions',
    label: 'Scaffolding',
    re: /gerüst|baustelleneinrichtung|baustrom|bauwasser/,
  },
  { trade: 'demolition', label: 'Demolition', re: /abbruch|abbrechen|rückbau/, work: 'demolition' },
  {
    trade: 'excavation',
    label: 'Earthworks',
    re: /erdarbeiten|aushub|baugrube|verfüllen|verfüllung|bodenaustausch|oberboden/,
    work: 'excavation',
  },
  {
    trade: 'utilities',
    label: 'Sewer and drainage',
    re: /kanal|entwässerung|grundleitung|schacht(?!tür)|rigole|abwasser|regenwasser|sickerleitung|drainage/,
    work: 'sewer-pipe',
  },
  {
    trade: 'electrical',
    label: 'Earthing and cast-in conduits',
    re: /erdung|fundamenterder|potentialausgleich|blitzschutz|leerrohr|elektrodose|deckendose|einlegearbeiten/,
    work: 'electrical-wiring',
  },
  {
    trade: 'concrete',
    label: 'Concrete',
    re: /stahlbeton|beton(?!stein)|bodenplatte|stb-|schalung|bewehrung|betonstahl|kernbohrung|fundament(?!al)|isokorb|treppenlauf/,
    work: 'structural-concrete',
    refine: (t) =>
      /bewehrung|betonstahl|matte/.test(t)
        ? { work: 'rebar' }
        : /schalung/.test(t)
          ? { work: 'formwork' }
          : null,
  },
  {
    trade: 'masonry',
    label: 'Masonry',
    re: /mauerwerk|mauerarbeiten|kalksandstein|ziegel|porenbeton|schornstein|vormauer/,
    work: 'block-masonry',
  },
  { trade: 'insulation', label: 'Insulation', re: /dämmung|wärmedämm|perimeterdämm/, work: 'insulation' },
];
