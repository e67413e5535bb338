/**
 * Every number the estimate analyzer uses, in one table, each with its source or rationale.
 *
 * Sources: crew productivities are RSMeans-style "daily output" figures (RSMeans Building
 * Construction Cost Data and Heavy Construction Cost Data, crew tables, rounded to a round figure
 * for a typical crew of the size named), cross-checked for Indian public-works items with CPWD/PWD
 * "Analysis of Rates" task outputs (e.g. plaster 10–12 m²/mason-day, brickwork ≈1.25 m³/mason-day).
 * Labour shares and crew-day costs are judgement (a contractor's rule of thumb, stated as such).
 * Durations are working days.
 */
import type { Trade } from './types.js';

/** Quantity families; each has a base unit the productivity table uses. */
export type UnitFamily = 'area' | 'volume' | 'length' | 'count' | 'mass' | 'lump' | 'time';

/** Base units: area sf, volume cy, length lf, count ea, mass kg, time working days. */
export const BASE_UNIT: Readonly<Record<UnitFamily, string>> = {
  area: 'sf',
  volume: 'cy',
  length: 'lf',
  count: 'ea',
  mass: 'kg',
  lump: 'ls',
  time: 'day',
};

/** Conversion factors into the base unit of the family (exact or standard definitions). */
export const SQM_TO_SF = 10.7639;
export const SY_TO_SF = 9;
/** A roofing square is 100 sf; an acre 43,560 sf. */
export const ROOFING_SQUARE_TO_SF = 100;
export const ACRE_TO_SF = 43_560;
export const CUM_TO_CY = 1.30795;
export const CF_TO_CY = 1 / 27;
export const M_TO_LF = 3.28084;
export const TONNE_TO_KG = 1000;
export const SHORT_TON_TO_KG = 907.185;
export const LB_TO_KG = 0.453592;
export const QUINTAL_TO_KG = 100;
export const HOURS_PER_DAY = 8;
export const WORKING_DAYS_PER_WEEK = 5;
/** 52 weeks × 5 days ÷ 12 months, less holidays: about 21 working days a month. */
export const WORKING_DAYS_PER_MONTH = 21;

/** Kinds of work the productivity table knows (lexicon entries name one). */
export type WorkKind =
  | 'clearing'
  | 'demolition'
  | 'excavation'
  | 'backfill'
  | 'hauling'
  | 'anti-termite'
  | 'lean-concrete'
  | 'structural-concrete'
  | 'formwork'
  | 'rebar'
  | 'brick-masonry'
  | 'stone-masonry'
  | 'block-masonry'
  | 'steel-erection'
  | 'framing'
  | 'sheathing'
  | 'roofing'
  | 'waterproofing'
  | 'siding'
  | 'doors-windows'
  | 'metal-fabrication'
  | 'plaster'
  | 'drywall'
  | 'false-ceiling'
  | 'insulation'
  | 'painting'
  | 'tile'
  | 'stone-flooring'
  | 'resilient-flooring'
  | 'wood-flooring'
  | 'cabinets'
  | 'countertops'
  | 'pipe'
  | 'plumbing-fixture'
  | 'electrical-wiring'
  | 'electrical-device'
  | 'light-fixture'
  | 'ductwork'
  | 'hvac-equipment'
  | 'sprinkler'
  | 'low-voltage'
  | 'sewer-pipe'
  | 'manhole'
  | 'adjust-to-grade'
  | 'planing'
  | 'asphalt-paving'
  | 'concrete-base'
  | 'sidewalk'
  | 'curb'
  | 'curb-ramp'
  | 'striping'
  | 'landscaping'
  | 'railing'
  | 'cleaning';

/** Output of one crew in one working day, per unit family (in the family's base unit). */
export type Productivity = Partial<Record<UnitFamily, number>>;

/**
 * Daily output of one typical crew. RSMeans-style figures rounded; where a figure is judgement
 * the comment says so.
 */
export const PRODUCTIVITY: Readonly<Record<WorkKind, Productivity>> = {
  /** Clearing and grubbing with a dozer: ~0.5 acre/day (RSMeans B-7). */
  clearing: { area: 20_000 },
  /** Selective interior demolition, 3 labourers with hand tools and a dumpster: ~800 sf/day (judgement). Bulk: 60 cy/day. */
  demolition: { area: 800, volume: 60, count: 10, length: 200 },
  /** Trench/footing excavation, backhoe and labourers: 100 cy/day (RSMeans B-12 150–300 cy/day in open cut; halved for footings and manual trimming, PWD pits). */
  excavation: { volume: 100, area: 3_000 },
  /** Backfill and compaction in layers: 150 cy/day (RSMeans B-10 with compactor). */
  backfill: { volume: 150, area: 4_000 },
  /** Load and haul surplus soil, one loader and trucks: 300 cy or 400 short tons a day (RSMeans B-34). */
  hauling: { volume: 300, mass: 360_000 },
  /** Anti-termite soil treatment, 2 applicators: ~3,000 sf/day (judgement; PWD item per m² of plinth). */
  'anti-termite': { area: 3_000, volume: 200 },
  /** Plain/lean concrete in foundations with a mixer: 25 cy/day (PWD 1:4:8 PCC, ~20 m³/day gang). */
  'lean-concrete': { volume: 25, area: 2_000 },
  /** Reinforced concrete placing and finishing in frames and slabs: 20 cy/day (RSMeans C-20 pumped slabs ~100+, columns/beams 15–30; mid value for buildings). */
  'structural-concrete': { volume: 20, area: 1_500, length: 150 },
  /** Formwork fabricate-erect-strip, C-2 carpenters crew: 350 sfca/day (RSMeans footings ~400, elevated slabs ~450, columns ~250). */
  formwork: { area: 350, length: 150 },
  /** Reinforcing steel placing, 4 rodmen: 2,000 kg/day (RSMeans C-5 footings 2–3 tons/day, columns ~1.5 tons). */
  rebar: { mass: 2_000 },
  /** Brickwork, 3 masons and helpers: 250 sf of wall or 6 cy a day (RSMeans D-8 ~500 bricks/mason-day; PWD ~1.25 m³/mason-day). */
  'brick-masonry': { area: 250, volume: 6, length: 60 },
  /** Random rubble stone masonry, 4 masons: 5 cy/day (PWD ~1 m³/mason-day). */
  'stone-masonry': { volume: 5, area: 200, length: 60 },
  /** Concrete block, D-8 crew: 300 sf/day (RSMeans 8" CMU ~300–400 sf/day). */
  'block-masonry': { area: 300, volume: 7, count: 300 },
  /** Structural steel erection, E-2 crew with crane: 12 tons (≈11,000 kg) a day (RSMeans 10–15 tons/day). */
  'steel-erection': { mass: 11_000, count: 20 },
  /** Wood framing, 4 carpenters: 250 sf of floor area, 100 lf of wall or 1,500 board feet a day (RSMeans F-2 rough carpentry; judgement for area). */
  framing: { area: 250, length: 100, count: 40 },
  /** Sheathing/subfloor panels, 2 carpenters: 1,600 sf/day (RSMeans F-2 ~1,600 sf). */
  sheathing: { area: 1_600 },
  /** Roofing, 4 roofers: 1,200 sf (12 squares) a day (RSMeans G-1 shingles ~4 sq/roofer-day; membranes faster). PWD roof treatments in m² similar. */
  roofing: { area: 1_200, volume: 20, length: 300, count: 20 },
  /** Waterproofing membranes and coatings, 2 applicators: 1,000 sf/day (judgement). */
  waterproofing: { area: 1_000, volume: 20 },
  /** Siding, trim, stucco, 3 installers: 600 sf/day (RSMeans 2 Carp ~ 300–700 sf). */
  siding: { area: 600, length: 400 },
  /** Doors and windows, 2 carpenters: 8 units, 200 sf of glazed steel/aluminium, or 400 kg of frames a day (RSMeans F-2 window install ~ 8–12 units). */
  'doors-windows': { count: 8, area: 200, length: 150, mass: 400 },
  /** Misc. metal fabrication and fixing (grills, frames, railings), 2 fitters: 400 kg or 60 lf a day (judgement). */
  'metal-fabrication': { mass: 400, length: 60, area: 150, count: 10 },
  /** Cement plaster, 4 masons: 450 sf/day (PWD 10–12 m²/mason-day). */
  plaster: { area: 450, length: 500 },
  /** Drywall hang, tape and finish (three coats), 2-person crew: 500 sf/day complete (RSMeans hang ~2,000 sf/day, finish ~600; judgement for all steps). */
  drywall: { area: 500, count: 16 },
  /** Suspended/false ceilings, 2 installers: 400 sf/day (RSMeans 1 Carp ~ 250–500). */
  'false-ceiling': { area: 400 },
  /** Batt or blown insulation, 2 installers: 2,000 sf/day (RSMeans 1 Carp ~ 1,200 sf batts). */
  insulation: { area: 2_000, count: 60 },
  /** Painting two coats, 2 painters: 1,500 sf/day (RSMeans 1 Pord ~ 800–1,300 sf/coat-day; PWD whitewash ~100 m²/painter-day). */
  painting: { area: 1_500, length: 800, count: 10 },
  /** Tile setting, setter and helper: 100 sf/day (RSMeans D-7 thin-set floor ~ 100–130 sf). */
  tile: { area: 100, length: 80, count: 100 },
  /** Stone flooring (kota, marble, granite), 2 masons and helpers: 250 sf/day (PWD ~ 12–15 m²/mason-day). */
  'stone-flooring': { area: 250, length: 200, volume: 8 },
  /** Resilient, LVP and carpet, 2 installers: 800 sf/day (RSMeans 1 Tilf ~ 500–1,000 sf). */
  'resilient-flooring': { area: 800, length: 400 },
  /** Hardwood flooring, 2 installers: 400 sf/day (RSMeans 1 Carp ~ 250 sf, 2 crews). */
  'wood-flooring': { area: 400 },
  /** Cabinets, 2 carpenters: 10 boxes or 30 lf a day (RSMeans 2 Carp ~ 10–12 units). */
  cabinets: { count: 10, length: 30, area: 150 },
  /** Countertop install after fabrication: 50 lf or 100 sf a day (judgement; template and fabrication are in the trade's minimum). */
  countertops: { length: 50, area: 100, count: 4 },
  /** Piping with fittings, plumber and apprentice: 60 lf/day (RSMeans Q-1 copper/PVC 50–80 lf). */
  pipe: { length: 60, count: 12, mass: 800 },
  /** Plumbing fixtures set and connected, plumber and apprentice: 6 a day (RSMeans Q-1 ~ 4–8 per day). */
  'plumbing-fixture': { count: 6, length: 60 },
  /** Conduit and wire, 2 electricians: 300 lf/day (RSMeans 1 Elec ~ 100–200 lf EMT). */
  'electrical-wiring': { length: 300, count: 12, area: 800 },
  /** Devices (receptacles, switches, points), 2 electricians: 25 a day. */
  'electrical-device': { count: 25 },
  /** Light fixtures and fans, 2 electricians: 10 a day (RSMeans 1 Elec ~ 6–8 each). */
  'light-fixture': { count: 10 },
  /** Ductwork, sheet metal crew of 2: 80 lf or 400 lb (180 kg) a day (RSMeans Q-10). */
  ductwork: { length: 80, mass: 180, area: 600, count: 8 },
  /** HVAC equipment set and connected (furnace, condenser, RTU), 3-person crew: 1 unit/day. */
  'hvac-equipment': { count: 1, mass: 2_000 },
  /** Sprinklers, 2 fitters: 15 heads, 100 lf of pipe or 1,500 sf a day (RSMeans Q-12). */
  sprinkler: { count: 15, length: 100, area: 1_500 },
  /** Low-voltage cabling and devices, 2 technicians: 600 lf or 15 drops a day (judgement). */
  'low-voltage': { length: 600, count: 15, area: 2_000 },
  /** Sewer pipe in city streets (trench, bed, lay, backfill), pipe crew B-21: 80 lf/day (RSMeans 100–200 lf in open ground; slower under traffic). */
  'sewer-pipe': { length: 80, count: 2, volume: 40 },
  /** Manholes and catch basins, crew of 4: one every 2 days (RSMeans precast 1–2/day; cast-in-place slower). */
  manhole: { count: 0.5, mass: 2_000 },
  /** Adjusting frames, covers and valve boxes to grade, crew of 3: 6 a day (judgement; RSMeans ~4–8). */
  'adjust-to-grade': { count: 6 },
  /** Cold planing (milling), planer crew: 30,000 sf a day (RSMeans B-71 ~ 3,000–6,000 sy/day). */
  planing: { area: 30_000, volume: 500 },
  /** Hot mix asphalt paving with paver and rollers: 600 short tons (≈544,000 kg) or 13,500 sf a day (RSMeans B-25). */
  'asphalt-paving': { mass: 544_000, area: 13_500, volume: 300 },
  /** Concrete pavement base, form-and-pour: 2,500 sf/day (≈60 cy at 8", one pour a day). */
  'concrete-base': { area: 2_500, volume: 60 },
  /** Sidewalks and flatwork, form-place-finish crew: 1,000 sf/day (RSMeans C-8 ~ 600–1,500). */
  sidewalk: { area: 1_000, length: 250 },
  /** Curb and gutter, hand-formed: 250 lf/day (RSMeans C-2A ~ 200–400 lf; slip-form faster). */
  curb: { length: 250 },
  /** Curb ramps with detectable tiles, crew of 4: 2 a day (judgement). */
  'curb-ramp': { count: 2 },
  /** Pavement markings and striping, truck crew: 8,000 lf/day (RSMeans B-78). */
  striping: { length: 8_000, area: 10_000, count: 40 },
  /** Landscaping: 4,000 sf of sod or seed, 20 plants a day (RSMeans B-1 / B-63). */
  landscaping: { area: 4_000, count: 20, length: 300 },
  /** Railings and handrails, 2 fitters: 60 lf or 300 kg a day (judgement). */
  railing: { length: 60, mass: 300, count: 10 },
  /** Construction cleaning: 5,000 sf/day (judgement, 3 cleaners). */
  cleaning: { area: 5_000 },
};

/** Productivity used when a line's work kind is unknown but its trade is (same sources as above). */
export const TRADE_DEFAULT_WORK: Partial<Record<Trade, WorkKind>> = {
  'site-work': 'clearing',
  demolition: 'demolition',
  excavation: 'excavation',
  foundation: 'lean-concrete',
  concrete: 'structural-concrete',
  masonry: 'brick-masonry',
  'structural-steel': 'steel-erection',
  framing: 'framing',
  roofing: 'roofing',
  'windows-doors': 'doors-windows',
  'exterior-finishes': 'siding',
  plumbing: 'pipe',
  electrical: 'electrical-wiring',
  hvac: 'ductwork',
  'fire-protection': 'sprinkler',
  'low-voltage': 'low-voltage',
  insulation: 'insulation',
  drywall: 'drywall',
  painting: 'painting',
  flooring: 'resilient-flooring',
  tile: 'tile',
  'cabinets-millwork': 'cabinets',
  countertops: 'countertops',
  fixtures: 'plumbing-fixture',
  specialties: 'metal-fabrication',
  paving: 'asphalt-paving',
  utilities: 'sewer-pipe',
  landscaping: 'landscaping',
  cleanup: 'cleaning',
};

/**
 * The share of a line's cost that is crew time (labour, and for heavy civil work the equipment
 * that moves with the crew). Judgement, in line with typical RSMeans labour/material splits per
 * trade (painting and cleaning mostly labour; cabinets and equipment mostly material).
 */
export const LABOUR_SHARE: Readonly<Record<Trade, number>> = {
  permits: 0,
  'general-conditions': 0.5,
  'site-work': 0.5,
  demolition: 0.7,
  excavation: 0.55,
  foundation: 0.4,
  concrete: 0.4,
  masonry: 0.5,
  'structural-steel': 0.35,
  framing: 0.45,
  roofing: 0.45,
  'windows-doors': 0.25,
  'exterior-finishes': 0.45,
  plumbing: 0.45,
  electrical: 0.5,
  hvac: 0.4,
  'fire-protection': 0.45,
  'low-voltage': 0.55,
  elevators: 0.3,
  inspections: 0,
  insulation: 0.4,
  drywall: 0.55,
  painting: 0.7,
  flooring: 0.35,
  tile: 0.5,
  'cabinets-millwork': 0.2,
  countertops: 0.25,
  fixtures: 0.3,
  specialties: 0.25,
  paving: 0.35,
  utilities: 0.45,
  landscaping: 0.5,
  cleanup: 0.8,
  'punch-list': 0.8,
  closeout: 0.5,
  procurement: 0,
  other: 0.45,
};

/** Which crew-day cost applies: building trades or heavy civil (crew with its equipment). */
export const HEAVY_CIVIL_TRADES: ReadonlySet<Trade> = new Set<Trade>(['excavation', 'paving', 'utilities']);

/**
 * The cost of one crew-day, by currency. USD: a 3-person building crew at ≈$65/h loaded × 8 h ≈
 * $1,600 (judgement from US BLS construction wages plus burden); heavy civil crew with equipment
 * (loader/paver/excavator) ≈ $6,000 (RSMeans B-crews' daily bare cost incl. equipment, rounded).
 * INR: a PWD gang (mason + 3 beldars, ≈Rs 900 + 3 × Rs 600 a day in current Rajasthan schedules)
 * ≈ Rs 3,500; with a machine ≈ Rs 15,000 (judgement). Other currencies use the USD figures.
 */
export const CREW_DAY_COST: Readonly<Record<'USD' | 'INR', { building: number; heavyCivil: number }>> = {
  USD: { building: 1_600, heavyCivil: 6_000 },
  INR: { building: 3_500, heavyCivil: 15_000 },
};

/**
 * A trade that needs more than this many crew-days works with more crews in parallel (up to
 * {@link MAX_PARALLEL_CREWS}): judgement, a superintendent adds crews rather than let one trade run
 * for months.
 */
export const CREW_SPAN_TARGET_DAYS = 20;
export const MAX_PARALLEL_CREWS = 4;

/**
 * Working-day bounds of a trade's package (judgement: a few days for a remodel's lone item — drywall
 * needs three for its coats to dry — and months for the biggest trades). A minimum is the shortest a
 * package of that trade takes when it exists at all, set by the steps that cannot be skipped or
 * squeezed (cure, dry, inspect), not by the crew: those steps are named next to each figure.
 */
export const TRADE_DURATION_BOUNDS: Readonly<Record<Trade, { min: number; max: number }>> = {
  permits: { min: 5, max: 40 },
  /** Mobilization alone; general conditions over the job are a level-of-effort span, not bounded. */
  'general-conditions': { min: 2, max: 10 },
  'site-work': { min: 2, max: 30 },
  demolition: { min: 2, max: 30 },
  excavation: { min: 2, max: 40 },
  /**
   * A building's foundations: lay out, form and reinforce footings, pour, strip, form and pour walls
   * or plinth, waterproof and backfill — two pours with a set between them and forming on both
   * sides: 8 working days even for a house (a house crew quotes 2–3 weeks).
   */
  foundation: { min: 8, max: 60 },
  /** One slab or a few elements: form, reinforce, pour, finish, strip — a week. */
  concrete: { min: 5, max: 120 },
  masonry: { min: 3, max: 90 },
  /** Steel: shake-out, erect, plumb and bolt/weld even a small frame with a crane on site: a week. */
  'structural-steel': { min: 5, max: 60 },
  framing: { min: 2, max: 60 },
  /** Tear-off or underlayment, roofing, flashing and a rained-on check: 3 days for the smallest roof. */
  roofing: { min: 3, max: 30 },
  'windows-doors': { min: 2, max: 25 },
  'exterior-finishes': { min: 3, max: 45 },
  plumbing: { min: 3, max: 40 },
  electrical: { min: 3, max: 40 },
  hvac: { min: 3, max: 40 },
  'fire-protection': { min: 3, max: 30 },
  'low-voltage': { min: 2, max: 25 },
  /** Rails, car, machine, wiring and the state's acceptance test: 6 weeks for one car (installers' quotes 6–10). */
  elevators: { min: 30, max: 90 },
  inspections: { min: 1, max: 3 },
  insulation: { min: 2, max: 15 },
  /** Hang, tape, two more coats a day apart, sand: 4 working days for the smallest job. */
  drywall: { min: 4, max: 45 },
  /** Prime and two coats with drying between them: 3 days. */
  painting: { min: 3, max: 40 },
  flooring: { min: 3, max: 30 },
  tile: { min: 3, max: 25 },
  'cabinets-millwork': { min: 2, max: 15 },
  /** Install only: the template is its own step and fabrication a lag ({@link COUNTERTOP_FABRICATION_LAG_DAYS}). */
  countertops: { min: 1, max: 15 },
  fixtures: { min: 2, max: 15 },
  specialties: { min: 1, max: 15 },
  paving: { min: 2, max: 40 },
  utilities: { min: 3, max: 60 },
  landscaping: { min: 2, max: 30 },
  cleanup: { min: 1, max: 5 },
  'punch-list': { min: 3, max: 15 },
  closeout: { min: 1, max: 10 },
  /** A lead time the estimate states is kept up to a year (switchgear and elevators quote 30+ weeks). */
  procurement: { min: 5, max: 260 },
  other: { min: 2, max: 30 },
};

/** Permit review when the estimate gives no duration: 10 working days (judgement; simple residential permits 1–4 weeks, commercial longer). */
export const PERMIT_DAYS = 10;
/** Inspections are milestones: a hold point the work waits for, not work of their own. */
export const INSPECTION_DAYS = 0;
/** The dry-in is a milestone: the building closed to the weather. */
export const DRY_IN_DAYS = 0;
/** The fabricator's visit to template countertops on installed cabinets: 1 working day. */
export const COUNTERTOP_TEMPLATE_DAYS = 1;
/** A fire alarm acceptance test with the fire marshal: 1 working day (judgement). */
export const ACCEPTANCE_TEST_DAYS = 1;
/** Punch list: 5 working days (judgement). */
export const PUNCH_LIST_DAYS = 5;
/** Closeout (documents, warranties, final payment): 3 working days (judgement). */
export const CLOSEOUT_DAYS = 3;
/** Lump-sum setup work with no quantity (mobilization, traffic control set-up): days (judgement). */
export const MOBILIZATION_DAYS = 3;
export const TRAFFIC_CONTROL_SETUP_DAYS = 2;

/**
 * Long-lead lead times, working days from order to delivery (judgement from supplier quotes:
 * windows 4–8 weeks, semi-custom cabinets 4–8 weeks, HVAC equipment 3–6 weeks, switchgear 12–30+
 * weeks, elevators 16–30 weeks).
 */
export const LEAD_TIME_DAYS: Readonly<Partial<Record<Trade, number>>> = {
  'windows-doors': 30,
  'cabinets-millwork': 30,
  hvac: 20,
  electrical: 60,
  elevators: 80,
};

/** Concrete cure before the structure above loads it: 7 days (ACI 308 minimum moist cure; ≈70% strength). */
export const CONCRETE_CURE_LAG_DAYS = 7;
/** Concrete pavement base before asphalt is placed on it: 3 days (judgement). */
export const BASE_CURE_LAG_DAYS = 3;
/** Rough-in trades overlapping: HVAC starts 2 days after plumbing, electrical 2 after HVAC (judgement). */
export const MEP_OVERLAP_LAG_DAYS = 2;
/** Masonry starts this many days after the structural concrete begins (frame ahead of infill). */
export const MASONRY_AFTER_FRAME_LAG_DAYS = 5;
/** Cabinets start after the first coat of paint: days after painting starts. */
export const CABINETS_AFTER_PAINT_LAG_DAYS = 2;
/**
 * Stone and quartz countertops are cut from the template in the fabricator's shop: 10 working days
 * between template and install (fabricators quote 5–15 working days; two weeks is the usual promise).
 */
export const COUNTERTOP_FABRICATION_LAG_DAYS = 10;

/**
 * A line that names a trade's rough-in and its trim together ("Electrical rough-in and trim") is
 * divided between the two packages: the rough-in gets this share of its cost and crew-days, the trim
 * the rest (judgement: wiring, piping and ductwork are about two thirds of those trades' field hours).
 */
export const ROUGH_SHARE = 0.65;
/**
 * Finishes move up a building floor by floor: a floor starts when the floor below is this far along
 * (judgement: a second crew takes the next floor once the first is half done). Structure waits for
 * the whole floor below (it carries the next one).
 */
export const FINISH_FLOOR_OVERLAP = 0.5;
/** A ceiling line naming the whole system is divided between the grid and the tile: half each (judgement). */
export const CEILING_GRID_SHARE = 0.5;
/** A carpentry line naming cabinets and trim together: the cabinets get this share (judgement). */
export const CABINET_SHARE = 0.5;

/** Percent gaps the insight rules and the reader use. */
export const BUDGET_TOLERANCE = 0.05;
export const TOTAL_MISMATCH_TOLERANCE = 0.01;
/** An allowance/contingency share at or above this is worth a note to the contractor. */
export const ALLOWANCE_SHARE_NOTABLE = 0.05;
/** Float (working days) a trade must have to suggest overlapping it to pull the finish in. */
export const OVERLAP_OPPORTUNITY_MIN_DAYS = 5;
/** Overlapping two critical trades can save about this share of the shorter one (judgement: start the follower a third of the way in). */
export const OVERLAP_SHARE = 1 / 3;
/** An overlap worth suggesting saves at least this many working days. */
export const OVERLAP_MIN_SAVING_DAYS = 2;
/** Days saved per working day of critical overlap are worth this share of daily general conditions (judgement). */
export const GENERAL_CONDITIONS_SHARE_PER_DAY = 0.001;

/**
 * States where concrete and site work in these months need cold-weather measures (ACI 306:
 * average daily temperature below 40 °F). Months from NOAA 1991–2020 normals (judgement at the
 * margins): the coldest states also lose November and March.
 */
export const COLD_WEATHER_MONTHS: Readonly<Record<string, readonly number[]>> = {
  AK: [10, 11, 12, 1, 2, 3, 4],
  MN: [11, 12, 1, 2, 3],
  ND: [11, 12, 1, 2, 3],
  SD: [11, 12, 1, 2, 3],
  WI: [11, 12, 1, 2, 3],
  ME: [11, 12, 1, 2, 3],
  VT: [11, 12, 1, 2, 3],
  NH: [11, 12, 1, 2, 3],
  MT: [11, 12, 1, 2, 3],
  WY: [11, 12, 1, 2, 3],
  MI: [12, 1, 2, 3],
  IA: [12, 1, 2],
  NE: [12, 1, 2],
  NY: [12, 1, 2],
  MA: [12, 1, 2],
  CT: [12, 1, 2],
  RI: [12, 1, 2],
  PA: [12, 1, 2],
  OH: [12, 1, 2],
  IN: [12, 1, 2],
  IL: [12, 1, 2],
  CO: [12, 1, 2],
  UT: [12, 1, 2],
  ID: [12, 1, 2],
  NJ: [1, 2],
  WV: [1, 2],
  KS: [12, 1, 2],
  MO: [1, 2],
  NV: [12, 1],
  WA: [12, 1],
  OR: [12, 1],
};
