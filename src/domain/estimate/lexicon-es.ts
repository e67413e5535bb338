/**
 * Spanish trade words (presupuestos, mediciones: urbanización and building), as lexicon entries.
 * Accented letters are not word characters for `\b`, so the words are guarded by letter look-arounds.
 * Titles are often abbreviated (`EXCAV. ZANJA`, `BORD.HORM.`, `SOLER.HM-20`), so stems are short.
 */
import type { WorkKind } from './rates.js';
import type { Trade } from './types.js';

/** The shape of a lexicon entry (`LexiconEntry` in lexicon.ts, which spreads these in). */
interface WordEntry {
  trade: Trade;
  label: string;
  re: RegExp;
  work?: WorkKind;
  pkg?: string;
  refine?: (text: string) => { trade?: Trade; label?: string; work?: WorkKind; pkg?: string } | null;
}

const L = 'a-zà-ÿñ';
/** A word (or stem) standing on its own: not inside a longer word on the left. */
const w = (body: string) => new RegExp(`(?<![${L}])(?:${body})`);

export const SPANISH_ENTRIES: readonly WordEntry[] = [
  {
    trade: 'general-conditions',
    label: 'Health and safety',
    re: w('seguridad y salud|estudio de seguridad|medidas de seguridad'),
  },
  {
    trade: 'cleanup',
    label: 'Waste management',
    re: w(
      'gesti[oó]n de residuos|residuos de construcci[oó]n|carga y transporte|carga/tran|escombros|vertedero|limpieza',
    ),
    work: 'cleaning',
  },
  {
    trade: 'demolition',
    label: 'Demolition',
    re: w('demolici[oó]n|demoler|levantado|derribo|picado|desmontaje|corte (?:de )?pavimento|retirada'),
    work: 'demolition',
  },
  {
    trade: 'site-work',
    label: 'Site preparation',
    re: w('desbroce|replanteo|talado|destoconado|despeje'),
    work: 'clearing',
  },
  {
    trade: 'excavation',
    label: 'Excavation',
    re: w('excavaci[oó]n|excav\\.|excavar|zanjas?|vaciado|desmonte|terapl[eé]n|relleno|compactaci[oó]n'),
    work: 'excavation',
  },
  {
    trade: 'paving',
    label: 'Curbs, gutters and sidewalks',
    pkg: 'flatwork',
    re: w('bordillos?|bord\\.|rigolas?|aceras?|acerados?|adoqu[ií]n|baldos[ií]n hidr|loseta hidr'),
    work: 'sidewalk',
    refine: (t) => (/(?<![a-zà-ÿñ])(?:bordillos?|bord\.|rigolas?)/.test(t) ? { work: 'curb' } : null),
  },
  {
    trade: 'paving',
    label: 'Asphalt paving',
    re: w(
      'aglomerado|mezcla bituminosa|riego de (?:adherencia|imprimaci[oó]n)|firmes?|pavimentos?|calzadas?|fresado',
    ),
    work: 'asphalt-paving',
  },
  {
    trade: 'paving',
    label: 'Striping and markings',
    pkg: 'striping',
    re: w('señalizaci[oó]n|se[ñn]al(?:es)? (?:vertical|horizontal)|marcas? vial|marca vial|pintura vial'),
    work: 'striping',
  },
  {
    trade: 'concrete',
    label: 'Concrete',
    re: w(
      'hormig[oó]n|horm\\.|soleras?|soler\\.|losas?|forjados?|encofrado|armaduras?|acero corrugado|zunchos?|pilares?|vigas?',
    ),
    work: 'structural-concrete',
  },
  {
    trade: 'masonry',
    label: 'Masonry',
    re: w(
      'alba[ñn]iler[ií]a|f[aá]brica de (?:ladrillo|bloque)|ladrillos?|bloques? de hormig|mamposter[ií]a|tabiques?|muros?',
    ),
    work: 'brick-masonry',
  },
  {
    trade: 'utilities',
    label: 'Sewer and drainage',
    re: w(
      'saneamiento|alcantarillado|colectores?|imbornal(?:es)?|pozos? de registro|pozos?|arquetas?|sumideros?|drenaje|abastecimiento|red de agua|acometidas?|bombeo',
    ),
    work: 'sewer-pipe',
  },
  {
    trade: 'plumbing',
    label: 'Plumbing',
    re: w('fontaner[ií]a|tuber[ií]as?|bajantes?|aparatos sanitarios|grifer[ií]a'),
    work: 'pipe',
  },
  {
    trade: 'electrical',
    label: 'Site lighting and electrical',
    re: w(
      'electricidad|instalaci[oó]n el[eé]ctrica|cuadros? el[eé]ctric|alumbrado|luminarias?|farolas?|columnas? de|conductor|cableado|cables?|canalizaci[oó]n|l[ií]nea alumb',
    ),
    work: 'electrical-wiring',
  },
  {
    trade: 'hvac',
    label: 'HVAC',
    re: w('climatizaci[oó]n|ventilaci[oó]n|calefacci[oó]n|aire acondicionado'),
    work: 'hvac-equipment',
  },
  {
    trade: 'roofing',
    label: 'Waterproofing and roofing',
    re: w('impermeabilizaci[oó]n|cubiertas?|tejados?'),
    work: 'waterproofing',
  },
  {
    trade: 'windows-doors',
    label: 'Windows and doors',
    re: w('carpinter[ií]a|ventanas?|puertas?|cerrajer[ií]a|vidrios?'),
    work: 'doors-windows',
  },
  {
    trade: 'flooring',
    label: 'Flooring',
    re: w('solados?|gres|terrazo|tarima|parquet'),
    work: 'tile',
  },
  {
    trade: 'drywall',
    label: 'Plaster and drywall',
    re: w('enlucido|guarnecido|yeso|pladur|falsos? techos?'),
    work: 'plaster',
  },
  {
    trade: 'painting',
    label: 'Painting',
    re: w('pintura'),
    work: 'painting',
  },
  {
    trade: 'landscaping',
    label: 'Landscaping',
    re: w('jardiner[ií]a|plantaci[oó]n|[aá]rbol(?:es)?|c[eé]sped|riego por|red de riego'),
    work: 'landscaping',
  },
];
