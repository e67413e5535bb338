/**
 * The trade lexicon: estimate words → trade, the kind of work (for productivity) and the package a
 * line belongs to. Residential, commercial and civil vocabulary, US and Indian public works (PWD).
 *
 * A description is matched against every entry; the entry whose match starts earliest wins (a
 * description names its work first: "Brick work … in foundation" is masonry, "Providing … cement
 * concrete … excluding … reinforcement" is concrete), ties go to the longer match, then to the
 * entry listed first. An entry may refine its trade from context words ("up to plinth level" puts
 * concrete in the foundation, "over roof" puts brick tiles in roofing).
 */
import { GERMAN_ENTRIES } from './lexicon-de.js';
import { SPANISH_ENTRIES } from './lexicon-es.js';
import type { WorkKind } from './rates.js';
import type { Trade } from './types.js';

export interface LexiconEntry {
  trade: Trade;
  /** What a package made mostly of this entry's lines is called. */
  label: string;
  re: RegExp;
  work?: WorkKind;
  /** Package key when it differs from the trade (civil chains split some trades). */
  pkg?: string;
  /** Context words that move the line to another trade/package. */
  refine?: (text: string) => Partial<Pick<LexiconEntry, 'trade' | 'label' | 'work' | 'pkg'>> | null;
}

const FOUNDATION_CONTEXT =
  /\b(?:(?:up\s?to|upto|below|till)\s+plinth|foundations?|footings?|rafts?|strap beams?|plinth beams?|grade beams?|piles?|pile caps?|stem walls?)\b/;
const ROOF_CONTEXT = /\b(?:roofs?|terrace|over roof|on roof)\b/;
const UNDER_FLOOR_CONTEXT = /\b(?:under\s?floor|under the floor|floor base|base (?:of|for) floor(?:ing)?)\b/;
const DRAIN_CONTEXT =
  /\b(?:s\.?w\.? pipes?|sewers?|manholes?|culverts?|catch basins?|drains? pipes?|storm drains?)\b/;
const WET_AREA_CONTEXT =
  /\b(?:w\.?c\.?|toilets?|baths?|bathrooms?|kitchens?|wet areas?|sunk|showers?|depressed)\b/;

function flatworkWork(text: string): WorkKind {
  if (/\bcurb ramps?|pedestrian ramps?/.test(text)) return 'curb-ramp';
  if (/\bcurbs?\b|\bgutters?\b/.test(text) && !/\bsidewalk/.test(text)) return 'curb';
  return 'sidewalk';
}

function concreteRefine(text: string): Partial<LexiconEntry> | null {
  if (DRAIN_CONTEXT.test(text))
    return {
      trade: 'utilities',
      label: 'Sewer and drainage',
      work: /\b(?:manholes?|catch basins?|chambers?)\b/.test(text) ? 'manhole' : 'sewer-pipe',
    };
  if (UNDER_FLOOR_CONTEXT.test(text)) return { trade: 'flooring', label: 'Floor base and flooring' };
  if (/\bgrading roof|\broof(?:ing)? (?:treatment|slope)/.test(text))
    return { trade: 'roofing', label: 'Roof waterproofing and finishing', work: 'waterproofing' };
  if (/\b(?:driveways?|sidewalks?|patios?|walkways?|flatwork|curbs?|gutters? and)\b/.test(text))
    return {
      trade: 'paving',
      pkg: 'flatwork',
      label: 'Curbs, gutters and sidewalks',
      work: flatworkWork(text),
    };
  if (FOUNDATION_CONTEXT.test(text)) return { trade: 'foundation', label: 'Foundations' };
  return null;
}

function masonryRefine(text: string): Partial<LexiconEntry> | null {
  if (UNDER_FLOOR_CONTEXT.test(text) || (/\bkharanja\b/.test(text) && !ROOF_CONTEXT.test(text)))
    return { trade: 'flooring', label: 'Floor base and flooring', work: 'stone-flooring' };
  if (ROOF_CONTEXT.test(text))
    return { trade: 'roofing', label: 'Roofing and roof treatment', work: 'roofing' };
  if (DRAIN_CONTEXT.test(text) || /\b(?:septic|soak(?:age|pit)|chambers?)\b/.test(text))
    return { trade: 'utilities', label: 'Sewer and drainage', work: 'manhole' };
  return null;
}

function waterproofingRefine(text: string): Partial<LexiconEntry> | null {
  if (WET_AREA_CONTEXT.test(text) || /\bliquid\b/.test(text))
    return { trade: 'tile', label: 'Tile and wet-area waterproofing' };
  if (FOUNDATION_CONTEXT.test(text)) return { trade: 'foundation', label: 'Foundations' };
  return null;
}

function plasterRefine(text: string): Partial<LexiconEntry> | null {
  if (ROOF_CONTEXT.test(text))
    return { trade: 'roofing', label: 'Roofing and roof treatment', work: 'waterproofing' };
  if (/\bexterior|external|outside|stucco\b/.test(text) && !/\binside|internal\b/.test(text))
    return { trade: 'exterior-finishes', label: 'Exterior finishes', work: 'siding' };
  return null;
}

/**
 * Ordered: specific phrases before general words. `\b` guards keep "tile" from matching "textile".
 */
export const LEXICON: readonly LexiconEntry[] = [
  // --- Pre-construction, general conditions, civil set-up ---
  {
    trade: 'permits',
    label: 'Permits and approvals',
    re: /\b(?:building permits?|permits?(?: fees?| and fees| & fees)?|plan (?:check|review)|(?<!(?:engineer'?s?|architect'?s?|consultant'?s?|owner'?s?|client'?s?|the|per|for|to|prior) )approvals?|impact fees?|plan submittal)\b/,
  },
  {
    trade: 'general-conditions',
    label: 'Mobilization',
    re: /\b(?:mobili[sz]ation|mobili[sz]e|move[- ]in|site establishment)\b/,
  },
  {
    trade: 'cleanup',
    label: 'Demobilization and cleanup',
    re: /\b(?:demobili[sz]ation|demobili[sz]e|final clean(?:ing|-up)?|clean[- ]?up|(?:windows?|glass) (?:cleaning|washing)|(?<!\b(?:coils?|ducts?|drains?|gutters?|chimneys?|sewers?|pipes?|grout|masonry|brick) )cleaning|construction clean(?:ing)?|dumpsters?|(?:construction )?waste hauling|debris removal|trash (?:removal|haul)|haul[- ]off)\b/,
    work: 'cleaning',
  },
  {
    trade: 'site-work',
    label: 'Traffic control',
    pkg: 'traffic-control',
    re: /\b(?:traffic (?:control|routing|management|plan)|maintenance of traffic|mot\b|temporary [\w-]* ?pavement markings?|flaggers?|detours?|construction signs?|barricades?)\b/,
  },
  {
    trade: 'general-conditions',
    label: 'General conditions',
    re: /\b(?:general conditions|general requirements|supervision|superintendent|project management|temporary (?:facilities|toilets?|power|fencing|fence|utilities|protection)|portable (?:toilets?|restrooms?)|site office|scaffolding rental|equipment rental|dumpster rental|partnering|submittals|field engineering|insurance certificates?|(?:floor|dust|surface|finish) protection|protection of (?:floors?|finishes)|dust (?:barriers?|control|walls?))\b/,
  },
  {
    trade: 'inspections',
    label: 'Inspections and testing',
    re: /\b(?:inspections?|special inspections?|testing and inspection|materials? testing|quality testing|television inspection|cctv inspection|tv inspection|commissioning)\b/,
  },
  // --- Site, demolition, earthwork ---
  {
    trade: 'demolition',
    label: 'Pavement planing and removal',
    pkg: 'planing',
    re: /\b(?:planing|cold plan(?:e|ing)|milling|grind(?:ing)? (?:existing )?(?:asphalt|pavement)|pavement removal|remove (?:existing )?(?:asphalt|pavement|curb|sidewalk))\b/,
    work: 'planing',
  },
  {
    trade: 'demolition',
    label: 'Demolition',
    re: /\b(?:demolition|demolish|demo\b|tear[- ]?out|tear[- ]?off|dismantl\w*|remove (?:existing|old)|removal of (?:existing|old)|strip(?:ping)? (?:existing|old)|selective removal|remov(?:e|al|ing)|gut)\b/,
    work: 'demolition',
  },
  {
    trade: 'site-work',
    label: 'Site preparation',
    re: /\b(?:site ?work|site prep(?:aration)?|clearing|grubbing|erosion control|silt fence|sediment control|stabilized construction entrance|survey(?:ing)?|construction staking|staking|layout|tree (?:removal|protection)|rough grading|site grading|fine grading|grading(?! (?:of |for )?roofs?)|dewatering)\b/,
    work: 'clearing',
  },
  {
    trade: 'excavation',
    label: 'Hauling and disposal of soil',
    re: /\b(?:transportation of surplus|disposal of surplus|carriage of (?:earth|soil|material)|haul(?:ing|age)? (?:of )?(?:soil|earth|spoil|material)|disposal facility|export (?:soil|fill)|hazardous waste|contaminated soil|surplus soil)\b/,
    work: 'hauling',
  },
  {
    trade: 'excavation',
    label: 'Excavation and earthwork',
    re: /\b(?:(?:foundation |footing |perimeter )?drain tile|earth ?work|excavat\w*|trench(?:ing|es)?|dig(?:ging)?|backfill\w*|back fill\w*|filling (?:available |with |in )?(?:excavated )?(?:earth|soil|sand|murrum)|fill(?:ing)? in (?:plinth|trenches)|compaction|exploratory holes?|potholes?|shoring|excavation support|embankment|earth fill|structural fill|control density fill|bedding material)\b/,
    work: 'excavation',
    refine: (t) =>
      /\b(?:filling|backfill|fill\b|refill)/.test(t.slice(0, 40)) ? { work: 'backfill' } : null,
  },
  {
    trade: 'foundation',
    label: 'Anti-termite treatment',
    re: /\b(?:anti[- ]?termite|termite|soil (?:treatment|poisoning)|chloro?pyri\w*)\b/,
    work: 'anti-termite',
  },
  // --- Concrete and foundations ---
  {
    trade: 'paving',
    label: 'Pavement base',
    pkg: 'paving-base',
    re: /\b(?:(?:\d+[- ]?inch(?:es)? thick )?concrete base|aggregate base|base course|sub[- ]?base|crushed (?:rock|aggregate) base|class \d aggregate|cement treated base|reconst\.? pavement)\b/,
    work: 'concrete-base',
  },
  {
    trade: 'paving',
    label: 'Curbs, gutters and sidewalks',
    pkg: 'flatwork',
    re: /\b(?:curb ramps?|curbs?|gutters? pan|concrete gutters?|combined .*curb|sidewalks?|parking strips?|driveway aprons?|flatwork|concrete pavement|walkways?|patios?|driveways?|pedestrian ramps?)\b/,
    work: 'sidewalk',
    refine: (t) => ({ work: flatworkWork(t) }),
  },
  {
    trade: 'foundation',
    label: 'Foundations',
    re: /\b(?:foundations?|footings?|stem walls?|slab[- ]on[- ]grade|grade beams?|piers?|pile caps?|piles?|piling|caissons?|vapou?r barrier|under[- ]slab|plinth (?:beam|protection)|damp[- ]?proof(?: course)?|d\.?p\.?c\.?)\b/,
    work: 'lean-concrete',
    refine: (t) =>
      /\b(?:r\.?c\.?c|reinforced|rebar|reinforcement)\b/.test(t) ? { work: 'structural-concrete' } : null,
  },
  {
    trade: 'concrete',
    label: 'Formwork',
    re: /\b(?:centering and shuttering|centring and shuttering|centering & shuttering|centring & shuttering|shuttering|formwork|form work|forms? for|concrete forms?)\b/,
    work: 'formwork',
    refine: concreteRefine,
  },
  {
    trade: 'concrete',
    label: 'Reinforcement',
    re: /\b(?:reinforcement for r\.?c\.?c|reinforcing steel|reinforcement steel|steel reinforcement|rebars?|tmt bars?|tor steel|hysd bars?|mechanically treated bars|cold twisted|deformed bars|reinforcement)\b/,
    work: 'rebar',
    refine: concreteRefine,
  },
  {
    trade: 'concrete',
    label: 'Concrete structure',
    re: /\b(?:(?:basement|garage|floor|ground|interior|concrete) slabs?|reinforced cement concrete|reinforcement cement concrete|r\.?\s?c\.?\s?c\.?|cast[- ]in[- ]place concrete|structural concrete|elevated slabs?|suspended (?:floors?|slabs?)|concrete (?:columns?|beams?|slabs?|walls?|frame|deck)|precast|pre[- ]cast|tilt[- ]up|post[- ]tension\w*)\b/,
    work: 'structural-concrete',
    refine: concreteRefine,
  },
  {
    trade: 'concrete',
    label: 'Concrete',
    re: /\b(?:plain cement concrete|p\.?\s?c\.?\s?c\.?|cement concrete|lean concrete|ready[- ]?mix|concrete|c\.?c\.? ?1\s?:|m[- ]?\d{2} grade|grade m[- ]?\d{2}|expansion joints?)\b/,
    work: 'lean-concrete',
    refine: concreteRefine,
  },
  // --- Masonry ---
  {
    trade: 'masonry',
    label: 'Stone masonry',
    re: /\b(?:random rubble|r\.?\s?r\.? (?:stone )?masonry|stone masonry|rubble masonry|ashlar masonry|dry stone|coursed rubble)\b/,
    work: 'stone-masonry',
    refine: masonryRefine,
  },
  {
    trade: 'masonry',
    label: 'Masonry',
    re: /\b(?:brick ?work|brick masonry|half brick|bricks?|masonry|cmu|concrete blocks?|block work|blockwork|aac blocks?|fly ash blocks?|copings?|pillar masonry|stone veneer|cultured stone)\b/,
    work: 'brick-masonry',
    refine: (t) => {
      const r = masonryRefine(t);
      if (r) return r;
      if (/\bcmu|concrete blocks?|block ?work|aac|fly ash/.test(t)) return { work: 'block-masonry' };
      return null;
    },
  },
  // --- Steel and framing ---
  {
    trade: 'structural-steel',
    label: 'Structural steel',
    re: /\b(?:miscellaneous steel|steel supports?|steel lintels?|structural steel|steel (?:beams?|columns?|joists?|deck(?:ing)?|erection|framing|structure)|metal deck(?:ing)?|joists? and deck|moment frames?|steel frame)\b/,
    work: 'steel-erection',
  },
  {
    trade: 'specialties',
    label: 'Railings and metalwork',
    re: /\b(?:hand ?rail(?:ing)?s?|guard ?rails?|railings?|balustrades?|barrier railing|grill(?:e|s|es)? work|misc(?:ellaneous)? metals?)\b/,
    work: 'railing',
  },
  {
    trade: 'framing',
    label: 'Framing',
    re: /\b(?:(?:engineered )?(?:roof |floor )?truss(?:es)?|roof (?:framing|sheathing)|framing|frame walls?|rough carpentry|studs?|joists?|rafters?|trusses|truss|lumber|sheathing|subfloor|sub-floor|lvl beams?|glulam|blocking|metal studs?|stud walls?|partitions? framing|wood frame|framer)\b/,
    work: 'framing',
    refine: (t) => (/\bsheathing|subfloor|sub-floor/.test(t) ? { work: 'sheathing' } : null),
  },
  // --- Envelope ---
  {
    trade: 'roofing',
    label: 'Roofing and roof treatment',
    re: /\b(?:(?:architectural |asphalt |composition )?shingles?(?: roofing)?|roofing|roof(?:s)?\b|re-?roof|underlayment|ice and water|flashing|roof(?:ing)? membranes?|app (?:modified|membrane)|atactic|tpo|epdm|modified bitumen|built[- ]up roof|hot blown bitumen|bitumen|batta|gola|khurras?|mumty|rain ?water (?:spouts?|pipes?)|down ?spouts?|gutters?|geotextile|skylights?|broken glazed tiles)\b/,
    work: 'roofing',
    refine: (t) =>
      /\b(?:road|pavement|macadam|tack coat|prime coat|asphalt concrete)\b/.test(t)
        ? { trade: 'paving', label: 'Asphalt paving', work: 'asphalt-paving' }
        : null,
  },
  {
    trade: 'roofing',
    label: 'Waterproofing',
    re: /\b(?:water ?proofing (?:treatment|membrane|course|compound)|water ?proof(?:ing)?\b(?! cement paint)|damp ?proofing|sealants?|caulking)\b/,
    work: 'waterproofing',
    refine: waterproofingRefine,
  },
  {
    trade: 'insulation',
    label: 'Insulation',
    re: /\b(?:fire ?stop(?:ping)?|insulation|insulate|batts?|spray foam|blown[- ]in|rigid foam|r-\d+|air sealing|thermal barrier)\b/,
    work: 'insulation',
  },
  {
    trade: 'windows-doors',
    label: 'Windows and doors',
    re: /\b(?:windows?|doors?|ventilators?|rolling shutters?|shutters?|skylite|glazing|glass panes?|storefronts?|curtain wall|sliders?|patio doors?|garage doors?|door frames?|chowkhats?|frames? for doors|hardware|locksets?|locks?|hinges|door clos(?:er|ure)s?|floor springs?|wire gauge|wire mesh|fly ?proof|mosquito|anodi[sz]ed aluminium|aluminium (?:work|sections?)|aluminum (?:windows?|doors?)|pattam|paitam)\b/,
    work: 'doors-windows',
    refine: (t) =>
      /\bkg\b|\bm\.?s\.? (?:flats?|bars?)|square bars/.test(t) ? { work: 'metal-fabrication' } : null,
  },
  {
    trade: 'exterior-finishes',
    label: 'Exterior finishes',
    re: /\b(?:house ?wrap|weather[- ]?resistive barrier|tyvek|siding|stucco|exterior (?:trim|finish(?:es)?|cladding|plaster|paint(?:ing)?)|cladding|facade|fa[cç]ade|soffits?|fascia|eifs|hardie|fiber cement|vinyl siding|external plaster|decks?|decking|porch)\b/,
    work: 'siding',
  },
  // --- MEP ---
  {
    trade: 'fire-protection',
    label: 'Fire protection',
    re: /\b(?:fire (?:sprinklers?|protection|suppression|alarm)|sprinklers?|standpipes?|fire pumps?|fire hydrants? system|fire extinguishers?)\b/,
    work: 'sprinkler',
  },
  {
    trade: 'fixtures',
    label: 'Fixtures and trim',
    re: /\b(?:plumbing fixtures?|w\.?\s?c\.? (?:pan|seat)|water closets?|orissa pan|e\.?w\.?c\.?|i\.?w\.?c\.?|toilets?|urinals?|wash ?basins?|lavator(?:y|ies)|vanit(?:y|ies) (?:sink|faucet)|faucets?|taps?|bib ?cocks?|pillar cocks?|flush(?:ing)? (?:cock|valve|cistern|tank)s?|cisterns?|seat covers?|mirrors?|towel (?:rails?|rings?|bars?)|soap dish\w*|grab bars?|shower (?:heads?|trim|doors?|enclosures?|screens?)|glass shower\w*|frameless glass|bath ?tubs?|tubs?\b|kitchen sinks?|sinks?|disposals?|appliances?|range hoods?|dishwashers?|set fixtures|fixtures and trim|fixtures?)\b/,
    work: 'plumbing-fixture',
  },
  {
    trade: 'electrical',
    label: 'Electrical trim and light fixtures',
    pkg: 'electrical-trim',
    re: /\b(?:light(?:ing)? fixtures?|luminaires?|ceiling fans?|electric(?:al)? fixtures|(?:led )?lighting(?: fixtures| and controls)?|light fixtures and controls|electrical trim|trim out electrical|devices and plates|cover plates)\b/,
    work: 'light-fixture',
  },
  {
    trade: 'utilities',
    label: 'Sewer and drainage',
    re: /\b(?:sewers?|side sewers?|sanitary sewer|storm drains?|storm ?water|culverts?|manholes?|catch basins?|inlets?|v\.?c\.?p\.?|s\.?w\.? pipes?|stoneware pipes?|gully traps?|septic tanks?|soak(?:age)? (?:well|pit)s?|leach (?:field|lines?)|water mains?|water services?|water meters?|gas (?:service|line|main)s?|hydrants?|valve box\w*|utility (?:connection|trench)|site utilities|underground utilities|pull box\w*|duct ?bank|conduit runs?)\b/,
    work: 'sewer-pipe',
    refine: (t) => {
      if (/\b(?:pull box)/.test(t))
        return { trade: 'electrical', label: 'Electrical', work: 'electrical-device' };
      if (/\b(?:adjust\w*|reconstruct\w*|raise|reset)\b.*\bto grade\b/.test(t))
        return { work: 'adjust-to-grade' };
      if (/\b(?:manholes?|catch basins?|septic|soak|gully|inlets?|valve box|traps?)\b/.test(t))
        return { work: 'manhole' };
      return null;
    },
  },
  {
    trade: 'plumbing',
    label: 'Plumbing',
    re: /\b(?:convert(?:ing)? (?:the )?tub|tub to (?:walk-in )?shower|shower valves?|valve and drain|plumbing|sanitary (?:&|and) water supply|water supply|sanitary (?:works?|installations?|fittings?)|sanitary|g\.?\s?i\.? pipes?|c\.?\s?p\.?\s?v\.?\s?c\.?|u\.?p\.?v\.?c\.?|p\.?v\.?c\.? pipes?|pex|copper pipes?|pipes?|piping|water heaters?|tankless|drain(?:s|age)?(?: lines?)?|waste lines?|vents?|traps?|floor traps?|nahni|stop ?cocks?|ball ?cocks?|valves?|storage tanks?|water tanks?|overhead tanks?|sump|booster pumps?|rough[- ]?in plumbing|gratings?)\b/,
    work: 'pipe',
    refine: (t) => {
      if (/\b(?:catch basins?|manholes?|sewers?|culverts?)\b/.test(t))
        return { trade: 'utilities', label: 'Sewer and drainage', work: 'manhole' };
      return /\b(?:storage tanks?|water tanks?|water heaters?|pumps?)\b/.test(t)
        ? { work: 'plumbing-fixture' }
        : null;
    },
  },
  {
    trade: 'hvac',
    label: 'HVAC',
    re: /\b(?:hvac|heating|cooling|air condition\w*|a\/c|furnaces?|condensers?|heat pumps?|air handl\w*|ahus?|rtus?|roof[- ]?top units?|mini[- ]?splits?|split (?:units?|systems?|ac)|ductwork|ducts?|diffusers?|registers?|grilles?|thermostats?|boilers?|chillers?|exhaust fans?|ventilation|mechanical|(?:evaporator |condenser )?coils?|(?:air )?filters? (?:change|replacement)s?)\b/,
    work: 'ductwork',
    refine: (t) =>
      /\b(?:furnaces?|condensers?|heat pumps?|air handl\w*|ahus?|rtus?|roof[- ]?top units?|mini[- ]?splits?|split|boilers?|chillers?|units?)\b/.test(
        t,
      )
        ? { work: 'hvac-equipment' }
        : null,
  },
  {
    trade: 'low-voltage',
    label: 'Low voltage and data',
    re: /\b(?:low[- ]voltage|data (?:cabling|drops?|network)|cat ?6|cat ?5e?|structured cabling|security (?:system|cameras?)|cctv|access control|intercom|audio[- ]?visual|a\/v|telecom\w*|communications|fire alarm)\b/,
    work: 'low-voltage',
  },
  {
    trade: 'electrical',
    label: 'Electrical',
    re: /\b(?:electrical|electrification|electric (?:work|installations?|wiring)|electric|wiring|rewir\w*|conduits?|electrical panels?|breaker panels?|sub-?panels?|main panels?|panel ?boards?|switch ?gear|switchboards?|\d+\s?(?:a|amp)\s+service|service (?:and|&) panel|(?:bath )?exhaust fans?|transformers?|generators?|service upgrade|meter base|circuits?|receptacles?|outlets?|switch(?:es)?|points?|recessed (?:lights?|cans?)|can lights?|gfci|breakers?|earthing|lightning)\b/,
    work: 'electrical-wiring',
    refine: (t) =>
      /\b(?:receptacles?|outlets?|switches|points?|gfci|devices?)\b/.test(t)
        ? { work: 'electrical-device' }
        : null,
  },
  {
    trade: 'elevators',
    label: 'Elevators',
    re: /\b(?:elevators?|passenger lifts?|goods lifts?|lift (?:car|shaft|installation|machine)|escalators?|dumbwaiters?|wheelchair lifts?)\b/,
  },
  // --- Interior finishes ---
  {
    trade: 'drywall',
    label: 'False ceiling',
    re: /\b(?:false ceilings?|suspended ceilings?|acoustical ceilings?|act ceilings?|ceiling tiles?|grid ceilings?|gypsum (?:board )?ceilings?)\b/,
    work: 'false-ceiling',
  },
  {
    trade: 'drywall',
    label: 'Plaster',
    re: /\b(?:plaster(?:ing)?|rendering|punning|neeru|pop\b|plaster of paris|sandala|putty|grooves? in plaster)\b/,
    work: 'plaster',
    refine: plasterRefine,
  },
  {
    trade: 'drywall',
    label: 'Drywall',
    re: /\b(?:drywall|dry wall|gypsum (?:board|wall ?board)|sheetrock|gyp(?:sum)? bd|wall ?board|tape and (?:finish|texture)|taping|mudding|texture|green ?board|cement board|durock|hardie ?backer)\b/,
    work: 'drywall',
  },
  {
    trade: 'painting',
    label: 'Painting',
    re: /\b(?:paint(?:ing|s)?|primer|priming|prime coat|white ?wash(?:ing)?|colou?r ?wash(?:ing)?|distemper(?:ing)?|enamel|emulsion|stain(?:ing)?|varnish|polyurethane finish|wall ?coverings?|wallpaper|french polish|polyester powder coat\w*|powder coat\w*)\b/,
    work: 'painting',
  },
  {
    trade: 'countertops',
    label: 'Countertops',
    re: /\b(?:counter ?tops?|counters?|vanity tops?|tops|quartz|solid surface|backsplash|stone shelves|shelves,? (?:tands|sills)|kitchen platform|cooking platform)\b/,
    work: 'countertops',
  },
  {
    trade: 'tile',
    label: 'Tile',
    re: /\b(?:ceramic|porcelain|vitrified|glazed tiles?|tiles?|tiling|mosaic|dado|backer ?board|grout|chequer(?:r?ed)? tiles?|shower pans?)\b/,
    work: 'tile',
  },
  {
    trade: 'flooring',
    label: 'Flooring',
    re: /\b(?:kota stone|kotah stone|marble|granite|stone flooring|flooring|floor (?:finish(?:es|ing)?|coverings?|tiles?|tiling|polish\w*)|skirting|hardwood|engineered wood|laminate|lvp|lvt|vinyl (?:plank|tile|flooring|sheet)|carpet|resilient|sheet vinyl|epoxy floor\w*|polished concrete|terrazzo|ips flooring|mirror polishing|base ?board|kharanja)\b/,
    work: 'resilient-flooring',
    refine: (t) => {
      if (/\b(?:granite|marble|stone)\b/.test(t) && /\bcounters?|vanit|kitchen/.test(t))
        return { trade: 'countertops', label: 'Countertops', work: 'countertops' };
      if (/\b(?:kota|kotah|marble|granite|stone|terrazzo|kharanja|mirror polishing)\b/.test(t))
        return { work: 'stone-flooring' };
      if (/\b(?:hardwood|engineered wood)\b/.test(t)) return { work: 'wood-flooring' };
      if (/\bbase ?board|skirting\b/.test(t) && !/\bfloor/.test(t)) return { work: 'resilient-flooring' };
      return null;
    },
  },
  {
    trade: 'cabinets-millwork',
    label: 'Cabinets and millwork',
    re: /\b(?:cabinets?|cabinetry|millwork|casework|built[- ]ins?|vanit(?:y|ies)|finish carpentry|trim carpentry|interior trim|(?:crown|base|trim|casing) mou?ldings?|closet (?:shelving|systems?)|wardrobes?|shelving)\b/,
    work: 'cabinets',
  },
  {
    trade: 'specialties',
    label: 'Specialties and furnishings',
    re: /\b(?:furniture|furnishings?|signage|signs|toilet partitions?|lockers?|toilet accessories|bath accessories|fireplaces?|shower doors?|mirrors and accessories|window (?:blinds?|treatments?|shades?)|roller (?:window )?shades?|blinds|flag ?poles?|mailboxes?|benches|bicycle racks?|whiteboards?|white ?boards?|art ?works?|logos?|curtains?(?! wall)|upholster\w*|fabric (?:upholstery|panels?|wrapped)|acoustic (?:wall )?panels?|wall ?papers?|artificial plants?)\b/,
    work: 'metal-fabrication',
  },
  // --- Exterior improvements ---
  {
    trade: 'paving',
    label: 'Striping and markings',
    pkg: 'striping',
    re: /\b(?:striping|stripes?|pavement markings?|thermoplastic|raised pavement markers?|crosswalks?|legends?)\b/,
    work: 'striping',
  },
  {
    trade: 'paving',
    label: 'Asphalt paving',
    re: /\b(?:hot mix asphalt|hma|asphalt(?:ic)? concrete|a\.?c\.? pavement|asphalt|paving|pavement|bituminous|macadam|tack coat|prime coat|seal ?coat|overlay|resurfac\w*|pavers?|parking lots?)\b/,
    work: 'asphalt-paving',
    refine: (t) =>
      /\bpavers?\b/.test(t) && !/\bpaving\b/.test(t)
        ? { pkg: 'flatwork', label: 'Concrete flatwork', work: 'sidewalk' }
        : null,
  },
  {
    trade: 'landscaping',
    label: 'Landscaping',
    re: /\b(?:landscap\w*|sod|seed(?:ing)?|hydroseed\w*|lawn|plant(?:ing|s)|trees?|shrubs?|mulch|irrigation|sprinkler system|topsoil|fenc(?:e|ing)|retaining walls?|hardscape)\b/,
    work: 'landscaping',
  },
  {
    trade: 'punch-list',
    label: 'Punch list',
    re: /\b(?:punch ?list|punch ?out|touch[- ]?ups?)\b/,
  },
  {
    trade: 'closeout',
    label: 'Closeout',
    re: /\b(?:close[- ]?out|as[- ]built|o\s?&\s?m manuals?|warrant(?:y|ies)|final walk[- ]?through|handover|certificate of occupancy)\b/,
  },
  ...SPANISH_ENTRIES,
  ...GERMAN_ENTRIES,
];

/** A classification of one description (and its section). */
export interface Classification {
  trade: Trade;
  label: string;
  work: WorkKind | null;
  pkg: string;
  /** Where in the text the deciding word sat; -1 when nothing matched. */
  at: number;
}

/** Matches text against the lexicon (earliest mention wins; see the module comment). */
export function matchLexicon(text: string, allowed?: readonly Trade[]): Classification | null {
  const t = normalise(text);
  const hits: { entry: LexiconEntry; at: number; length: number; order: number }[] = [];
  LEXICON.forEach((entry, order) => {
    const m = entry.re.exec(t);
    if (m) hits.push({ entry, at: m.index, length: m[0].length, order });
  });
  hits.sort((a, b) => a.at - b.at || b.length - a.length || a.order - b.order);
  for (const { entry, at } of hits) {
    const refined = entry.refine?.(t) ?? null;
    const trade = refined?.trade ?? entry.trade;
    if (allowed && !allowed.includes(trade)) continue;
    const pkg = refined?.pkg ?? (refined?.trade ? refined.trade : (entry.pkg ?? entry.trade));
    return {
      trade,
      label: refined?.label ?? entry.label,
      work: refined?.work ?? entry.work ?? null,
      pkg,
      at,
    };
  }
  if (hits.length > 0) return null;
  const compact = compactFallback(t);
  return compact && (!allowed || allowed.includes(compact.trade)) ? compact : null;
}

/** Every trade the text names, in the order it names them. */
export function tradesNamed(text: string): Trade[] {
  const t = normalise(text);
  const found: { trade: Trade; at: number }[] = [];
  for (const entry of LEXICON) {
    const m = entry.re.exec(t);
    if (!m) continue;
    const trade = entry.refine?.(t)?.trade ?? entry.trade;
    found.push({ trade, at: m.index });
  }
  found.sort((a, b) => a.at - b.at);
  return [...new Set(found.map((f) => f.trade))];
}

/**
 * Some sources glue words together (`P&FWVCwashbasin(1stquality…`): when nothing matched and the
 * text has a very long word, look for a few unambiguous stems in the text with the spaces removed.
 */
const COMPACT_STEMS: readonly (readonly [string, Trade, string, WorkKind])[] = [
  ['washbasin', 'fixtures', 'Fixtures and trim', 'plumbing-fixture'],
  ['watercloset', 'fixtures', 'Fixtures and trim', 'plumbing-fixture'],
  ['orissapan', 'fixtures', 'Fixtures and trim', 'plumbing-fixture'],
  ['syphonicwc', 'fixtures', 'Fixtures and trim', 'plumbing-fixture'],
  ['wcpan', 'fixtures', 'Fixtures and trim', 'plumbing-fixture'],
  ['urinal', 'fixtures', 'Fixtures and trim', 'plumbing-fixture'],
  ['kitchensink', 'fixtures', 'Fixtures and trim', 'plumbing-fixture'],
  ['mirror', 'fixtures', 'Fixtures and trim', 'plumbing-fixture'],
  ['bibcock', 'fixtures', 'Fixtures and trim', 'plumbing-fixture'],
  ['flushcock', 'fixtures', 'Fixtures and trim', 'plumbing-fixture'],
  ['ballcock', 'plumbing', 'Plumbing', 'pipe'],
  ['valve', 'plumbing', 'Plumbing', 'pipe'],
  ['storagetank', 'plumbing', 'Plumbing', 'plumbing-fixture'],
  ['pipe', 'plumbing', 'Plumbing', 'pipe'],
  ['doorshutter', 'windows-doors', 'Windows and doors', 'doors-windows'],
  ['window', 'windows-doors', 'Windows and doors', 'doors-windows'],
  ['plaster', 'drywall', 'Plaster', 'plaster'],
  ['paint', 'painting', 'Painting', 'painting'],
];

function compactFallback(t: string): Classification | null {
  if (!/\S{20,}/.test(t)) return null;
  const compact = t.replace(/[^a-z]/g, '');
  let best: { at: number; stem: (typeof COMPACT_STEMS)[number] } | null = null;
  for (const stem of COMPACT_STEMS) {
    const at = compact.indexOf(stem[0]);
    if (at >= 0 && (!best || at < best.at)) best = { at, stem };
  }
  if (!best) return null;
  const [, trade, label, work] = best.stem;
  return { trade, label, work, pkg: trade, at: best.at };
}

export function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[‘’`´]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/\s+/g, ' ')
    .trim();
}

/** CSI MasterFormat divisions (2004+ numbering) → the trades a line under them may take. */
export const CSI_DIVISIONS: Readonly<Record<string, { name: string; trades: readonly Trade[] }>> = {
  '00': { name: 'Procurement and contracting', trades: ['general-conditions', 'permits'] },
  '01': {
    name: 'General requirements',
    trades: ['general-conditions', 'permits', 'inspections', 'cleanup', 'closeout', 'punch-list'],
  },
  '02': { name: 'Existing conditions', trades: ['demolition', 'site-work'] },
  '03': { name: 'Concrete', trades: ['concrete', 'foundation', 'paving'] },
  '04': { name: 'Masonry', trades: ['masonry'] },
  '05': { name: 'Metals', trades: ['structural-steel', 'specialties'] },
  '06': { name: 'Wood, plastics and composites', trades: ['framing', 'cabinets-millwork', 'countertops'] },
  '07': {
    name: 'Thermal and moisture protection',
    trades: ['roofing', 'insulation', 'exterior-finishes'],
  },
  '08': { name: 'Openings', trades: ['windows-doors'] },
  '09': { name: 'Finishes', trades: ['drywall', 'painting', 'flooring', 'tile'] },
  '10': { name: 'Specialties', trades: ['specialties'] },
  '11': { name: 'Equipment', trades: ['specialties', 'fixtures'] },
  '12': { name: 'Furnishings', trades: ['cabinets-millwork', 'countertops', 'specialties'] },
  '13': { name: 'Special construction', trades: ['other'] },
  '14': { name: 'Conveying equipment', trades: ['elevators'] },
  '21': { name: 'Fire suppression', trades: ['fire-protection'] },
  '22': { name: 'Plumbing', trades: ['plumbing', 'fixtures'] },
  '23': { name: 'HVAC', trades: ['hvac'] },
  '25': { name: 'Integrated automation', trades: ['low-voltage'] },
  '26': { name: 'Electrical', trades: ['electrical', 'fixtures', 'low-voltage', 'fire-protection'] },
  '27': { name: 'Communications', trades: ['low-voltage'] },
  '28': { name: 'Electronic safety and security', trades: ['low-voltage', 'fire-protection'] },
  '31': { name: 'Earthwork', trades: ['excavation', 'site-work'] },
  '32': { name: 'Exterior improvements', trades: ['paving', 'landscaping'] },
  '33': { name: 'Utilities', trades: ['utilities', 'excavation'] },
  '34': { name: 'Transportation', trades: ['paving'] },
};

/** Old 16-division MasterFormat (1995) numbers people still write: "Division 9 - Finishes". */
const OLD_DIVISION_TO_NEW: Readonly<Record<string, string>> = {
  '15': '23',
  '16': '26',
};

/** Storey names in headings (`GROUND FLOOR`, `FF`, `Level 2`): where, not what. */
const FLOOR_LEVEL_RE =
  /\b(?:basement|ground|first|second|third|fourth|top|upper|lower|terrace|mezzanine|\d+(?:st|nd|rd|th)) ?(?:floors?|storey|story|level)\b|\b(?:g\.?f\.?|f\.?f\.?|s\.?f\.?)(?=\s|$)|\blevel \d+\b/g;

/** Trades a line may take under a heading that names a trade in words (not a CSI number). */
const SECTION_ALLOWS: Partial<Record<Trade, readonly Trade[]>> = {
  plumbing: ['plumbing', 'fixtures', 'utilities', 'excavation'],
  electrical: ['electrical', 'fixtures', 'low-voltage'],
  hvac: ['hvac'],
  utilities: ['utilities', 'excavation', 'paving'],
  paving: ['paving', 'excavation', 'demolition', 'utilities', 'site-work'],
};

/** A section heading's hint: the CSI division and the trades it allows, or a single trade. */
export interface SectionHint {
  /** Trades a line in this section may belong to; the first is the default. Empty: no hint. */
  trades: readonly Trade[];
  /** A CSI division number when the heading gives one. */
  division: string | null;
}

/**
 * Reads a section heading: `Division 09 - Finishes`, `09 00 00 FINISHES`, `DIV. 3 CONCRETE`,
 * `Phase 2: Framing`, `PLUMBING`, `PART 'B' SANITARY & WATER SUPPLY WORK`, a sheet name.
 */
export function sectionHint(heading: string): SectionHint {
  const t = normalise(heading);
  let division: string | null = null;
  const div =
    /^(?:csi\s+)?(?:div(?:ision)?\.?\s*)(\d{1,2})\b/.exec(t) ??
    /^(\d{2})\s?\d{2}\s?\d{2}\b/.exec(t) ??
    /^(\d{2})\s*[-–—:.]\s*[a-z]/.exec(t) ??
    (/^(\d{2})\s+[a-z]/.exec(t)?.[1] && CSI_DIVISIONS[t.slice(0, 2)] ? /^(\d{2})/.exec(t) : null);
  if (div?.[1]) {
    const raw = div[1].padStart(2, '0');
    const isOldNumbering = /^(?:csi\s+)?div/.test(t) && Number(raw) >= 15 && Number(raw) <= 16;
    division = isOldNumbering ? (OLD_DIVISION_TO_NEW[raw] ?? raw) : raw;
  }
  const fromDivision = division ? CSI_DIVISIONS[division] : undefined;
  const words = t
    .replace(/^(?:csi\s+)?(?:div(?:ision)?\.?\s*)?\d{1,2}(?:\s?\d{2}\s?\d{2})?\s*[-–—:.]?\s*/, '')
    .replace(FLOOR_LEVEL_RE, ' ')
    .replace(/\bpart\s*['"]?[a-z0-9]{1,2}['"]?(?=\s|$)|\bcivil(?: works?)?\b|\bbuilding works?\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const byWords = matchLexicon(words);
  if (fromDivision) {
    if (byWords && fromDivision.trades.includes(byWords.trade)) {
      return { trades: [byWords.trade, ...fromDivision.trades.filter((x) => x !== byWords.trade)], division };
    }
    return { trades: fromDivision.trades, division };
  }
  if (/\bfinish(?:es|ing)?\b/.test(words) && !byWords)
    return { trades: CSI_DIVISIONS['09']?.trades ?? [], division };
  if (/\b(?:mep|mechanical,? electrical)\b/.test(words))
    return { trades: ['plumbing', 'electrical', 'hvac', 'fixtures'], division };
  const named = tradesNamed(words);
  if (named.length > 1) {
    const extra = named.flatMap((t) => SECTION_ALLOWS[t] ?? []);
    return { trades: [...new Set([...named, ...extra])], division };
  }
  if (byWords) {
    const group =
      SECTION_ALLOWS[byWords.trade] ??
      Object.values(CSI_DIVISIONS).find((d) => d.trades[0] === byWords.trade)?.trades;
    return { trades: [byWords.trade, ...(group?.filter((x) => x !== byWords.trade) ?? [])], division };
  }
  return { trades: [], division };
}

/** Trades a line's own words decide even under a specific section (demo under "Plumbing" is demolition). */
const DESCRIPTION_WINS: ReadonlySet<Trade> = new Set<Trade>([
  'permits',
  'demolition',
  'inspections',
  'cleanup',
  'general-conditions',
  'punch-list',
  'closeout',
]);

/**
 * The trade of a line: its own words inside a general section, the section's trade when the
 * section names one (and the line's words don't point to another trade the section allows).
 */
export function classifyLine(description: string, section: string | null): Classification {
  const key = `${section ?? ''}\u0000${description}`;
  const cached = CLASSIFIED.get(key);
  if (cached) return cached;
  const result = classifyUncached(description, section);
  // A bounded memo: the same lines are classified by the reader, the packages and the rules.
  if (CLASSIFIED.size >= CLASSIFIED_MAX) CLASSIFIED.clear();
  CLASSIFIED.set(key, result);
  return result;
}

/** A line of a trade the user set: the lexicon's words within that trade, else the trade itself. */
export function classifyAs(description: string, trade: Trade): Classification {
  return (
    matchLexicon(description, [trade]) ?? { trade, label: tradeLabel(trade), work: null, pkg: trade, at: -1 }
  );
}

const CLASSIFIED = new Map<string, Classification>();
const CLASSIFIED_MAX = 20_000;

function classifyUncached(description: string, section: string | null): Classification {
  const own = matchLexicon(description);
  const hint = section ? sectionHint(section) : { trades: [], division: null };
  const allowed = hint.trades;
  if (allowed.length === 0) return own ?? OTHER;
  if (own && (DESCRIPTION_WINS.has(own.trade) || allowed.includes(own.trade))) return own;
  // The line's words that fit the section ("Metal stud partitions, drywall…" under Finishes is drywall).
  const fitting = matchLexicon(description, allowed);
  if (fitting) return fitting;
  if (own) return own;
  const sectionTrade = allowed[0] as Trade;
  if (sectionTrade === 'other') return OTHER;
  const fromSection = section
    ? matchLexicon(section.replace(/^.*?\d{2}\s?\d{2}\s?\d{2}/, ''), [sectionTrade])
    : null;
  return {
    trade: sectionTrade,
    label: fromSection?.label ?? tradeLabel(sectionTrade),
    work: fromSection?.work ?? null,
    pkg: fromSection?.pkg ?? sectionTrade,
    at: -1,
  };
}

const OTHER: Classification = {
  trade: 'other',
  label: 'General construction',
  work: null,
  pkg: 'other',
  at: -1,
};

/** Display names of trades. */
export const TRADE_LABELS: Readonly<Record<Trade, string>> = {
  permits: 'Permits and approvals',
  'general-conditions': 'Mobilization and general conditions',
  'site-work': 'Site preparation',
  demolition: 'Demolition',
  excavation: 'Excavation and earthwork',
  foundation: 'Foundations',
  concrete: 'Concrete structure',
  masonry: 'Masonry',
  'structural-steel': 'Structural steel',
  framing: 'Framing',
  roofing: 'Roofing',
  'windows-doors': 'Windows and doors',
  'exterior-finishes': 'Exterior finishes',
  plumbing: 'Plumbing',
  electrical: 'Electrical',
  hvac: 'HVAC',
  'fire-protection': 'Fire protection',
  'low-voltage': 'Low voltage and data',
  elevators: 'Elevators',
  inspections: 'Inspections',
  insulation: 'Insulation',
  drywall: 'Drywall and plaster',
  painting: 'Painting',
  flooring: 'Flooring',
  tile: 'Tile',
  'cabinets-millwork': 'Cabinets and millwork',
  countertops: 'Countertops',
  fixtures: 'Fixtures and trim',
  specialties: 'Specialties',
  paving: 'Paving',
  utilities: 'Utilities',
  landscaping: 'Landscaping',
  cleanup: 'Cleanup',
  'punch-list': 'Punch list',
  closeout: 'Closeout',
  procurement: 'Procurement',
  other: 'General construction',
};

export function tradeLabel(trade: Trade): string {
  return TRADE_LABELS[trade];
}

/**
 * The words that open a percentage add-on line, however it is punctuated: `Add`, `Add for`,
 * `Add :`, `Add:`, `Add @ 7 % for`, `Add : 1% for`, `Add 3%`. What follows them says whether the
 * line is a charge, an allowance or work priced as a share (`Add @ 7 % for Electrification`).
 */
const ADD_ON = String.raw`add(?:\s+(?:for|on))?\s*[:\-–]?\s*`;
const ADD_ON_PREFIX = String.raw`${ADD_ON}(?:@\s*)?(?:[\d.]+\s*%\s*(?:for|on|of|towards)?\s*)?`;

/** The percentage an add-on line opens with (`Add : 1% for …`, `Add @ 7 %`, `Add 3%`), as its first group. */
export const ADD_ON_PERCENT_RE = new RegExp(String.raw`^${ADD_ON}(?:@\s*)?([\d.]+)\s*%`, 'i');

/** Lines that are not work: overheads, profit, tax, fees, bonds, insurance, prorata and the like. */
export const CHARGE_RE = new RegExp(
  String.raw`^(?:${ADD_ON_PREFIX}|less\s+|plus\s+)?` +
    /(?:(?:contractor'?s?|general contractor'?s?|gc|builder'?s?|sub(?:contractor)?'?s?|trade)\s+)?(?:overheads?(?:\s*(?:&|and)\s*profit)?|o\s*&\s*p\b|oh\s*&\s*p\b|ohp\b|profit|mark[- ]?up|fees?\b|contractor fee|management fee|design fee|architect\w*\s+fees?|engineering fees?|sales tax|use tax|taxes|tax\b|gst\b|vat\b|cgst|sgst|igst|labou?r cess|cess\b|bonds?\b|performance bond|payment bond|bid bond|insurance|builder'?s risk|liability insurance|pro[- ]?rata|prorata|centage|quality (?:control|assurance)|q\.?\s?c\.?\b|w\.?\s?c\.? establishment|establishment|work[- ]charged establishment|escalation|discount|rounding|round[- ]?off|financ(?:e|ing) charges?|permit (?:processing|expediting) fee|gastos generales|beneficio industrial|i\.\s?v\.\s?a\.?|iva\b|impuestos?\b)/
      .source,
  'i',
);

const ALLOWANCE_RE = new RegExp(
  `^(?:${ADD_ON_PREFIX})?` +
    /(?:owner'?s?\s+|design\s+|construction\s+|project\s+)?(?:allowances?|contingenc(?:y|ies)|provisional sums?|p\.?\s?c\.? sums?|prime cost sums?|imprevistos|partidas? alzadas? a justificar)\b/
      .source,
);

/** Allowances and contingencies: budget, not a task. */
export function isAllowance(description: string, unit: string | null): boolean {
  const t = normalise(description);
  if (/\bcontingency bid item\b/.test(t)) return unit?.toLowerCase() === 'al';
  if (unit && /^(?:al|allow\.?|allowance)$/i.test(unit.trim())) return true;
  return ALLOWANCE_RE.test(t) || /\ballowances?\b|\bcontingenc(?:y|ies)\b|\bimprevistos\b/.test(t);
}

/** Total and subtotal lines. */
export type TotalKind = 'grand' | 'total' | 'subtotal';

export function totalKind(description: string): TotalKind | null {
  const t = normalise(description)
    .replace(/^[\s:.\-–]+/, '')
    .replace(/\.{3,}.*$/, '')
    .trim();
  if (!t) return null;
  // Spanish budgets: PEC (with overheads, profit and tax) is the final figure; PEM, chapter totals are not.
  if (
    /^(?:presupuesto de ejecuci[oó]n por contrata|presupuesto base de licitaci[oó]n|p\.?\s?e\.?\s?c\.?$|total presupuesto|g\.?\s?total|grandtotal)/.test(
      t,
    )
  )
    return 'grand';
  if (/^(?:total (?:cap[ií]tulo|subcap[ií]tulo|apartado|partida)|suma de g\.?\s?g|suma\b)/.test(t))
    return 'subtotal';
  if (
    /^(?:presupuesto de ejecuci[oó]n material|p\.?\s?e\.?\s?m\.?$|hard cost subtotal|soft cost subtotal)/.test(
      t,
    )
  )
    return 'total';
  if (
    /^(?:grand total|total (?:project )?(?:cost|price|amount|contract|bid|estimate|of (?:the )?(?:estimate|project|works?|bid))|estimate total|project total|contract (?:sum|total|price|amount)|total contract|total (?:base )?bid|bid total|total estimated cost|net total|total including|total incl)/.test(
      t,
    )
  )
    return 'grand';
  if (
    /^(?:sub[- ]?total|section total|division total|total (?:for )?(?:division|div\.?|section|part|phase)\b)/.test(
      t,
    )
  )
    return 'subtotal';
  if (
    /^(?:total|sum|net amount)\b/.test(t) ||
    /\b(?:sub[- ]?total|total)\s*(?:rs\.?|\$|₹|inr|usd|:)?\s*$/.test(t)
  )
    return 'total';
  if (/^(?:division|div\.?)\s*\d{1,2}\b.*\btotal\b/.test(t) || /\btotal (?:division|div\.?)\s*\d/.test(t))
    return 'subtotal';
  return null;
}
