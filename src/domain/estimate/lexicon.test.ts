import { describe, expect, it } from 'vitest';
import { classifyLine, matchLexicon, sectionHint } from './lexicon.js';
import type { Trade } from './types.js';

describe('trade lexicon: residential and commercial lines', () => {
  it.each([
    ['Building permit and plan review', 'permits'],
    ['Project supervision', 'general-conditions'],
    ['Mobilization', 'general-conditions'],
    ['Survey and construction staking', 'site-work'],
    ['Clearing and grubbing', 'site-work'],
    ['Remove kitchen cabinets, counters and appliances', 'demolition'],
    ['Selective demolition of partitions, ceilings and flooring', 'demolition'],
    ['Excavation and backfill for basement', 'excavation'],
    ['Concrete footings, 20x10 with rebar', 'foundation'],
    ['Poured foundation walls, 8 in.', 'foundation'],
    ['Garage slab, 4 in. with thickened edge', 'concrete'],
    ['Concrete block walls, 8 in.', 'masonry'],
    ['Structural steel beams and columns', 'structural-steel'],
    ['Framing labor', 'framing'],
    ['Engineered roof trusses, delivered and set', 'framing'],
    ['Architectural asphalt shingle roofing', 'roofing'],
    ['TPO membrane roof', 'roofing'],
    ['Vinyl double-hung windows', 'windows-doors'],
    ['Hollow metal frames, wood doors, hardware', 'windows-doors'],
    ['Fiber cement lap siding and trim', 'exterior-finishes'],
    ['House wrap and window flashing', 'exterior-finishes'],
    ['Rough-in plumbing, kitchen sink and dishwasher', 'plumbing'],
    ['Water heater, 50 gal gas', 'plumbing'],
    ['Gas furnace and 3-ton AC condenser', 'hvac'],
    ['Ductwork, registers and returns', 'hvac'],
    ['200 A service and panel', 'electrical'],
    ['Kitchen circuits and GFCI receptacles', 'electrical'],
    ['LED lighting fixtures and controls', 'electrical'],
    ['Relocate and add sprinkler heads', 'fire-protection'],
    ['Data cabling, Cat6 drops', 'low-voltage'],
    ['Passenger elevator, 3 stops', 'elevators'],
    ['Insulation, R-21 walls and R-49 attic', 'insulation'],
    ['Firestopping at rated penetrations', 'insulation'],
    ['Drywall hang, tape and finish', 'drywall'],
    ['Acoustical ceiling tile and grid, 2x2', 'drywall'],
    ['Interior painting, walls, ceilings and trim', 'painting'],
    ['Engineered hardwood flooring', 'flooring'],
    ['Carpet tile', 'flooring'],
    ['Luxury vinyl plank, kitchen and dining', 'flooring'],
    ['Porcelain tile, restrooms', 'tile'],
    ['Semi-custom kitchen cabinets, installed', 'cabinets-millwork'],
    ['Quartz countertops, fabricated and installed', 'countertops'],
    ['Granite counters for vanity', 'countertops'],
    ['Set toilet, faucets, mirror and accessories', 'fixtures'],
    ['Frameless glass shower enclosure', 'fixtures'],
    ['Toilet accessories and partitions', 'specialties'],
    ['Room signage, ADA', 'specialties'],
    ['Roller window shades', 'specialties'],
    ['Concrete driveway and front walk', 'paving'],
    ['Final grading, sod and landscaping', 'site-work'],
    ['Sod and shrubs', 'landscaping'],
    ['Final construction cleaning', 'cleanup'],
    ['Wall and roof framing', 'framing'],
    ['Roof sheathing, 7/16 OSB', 'framing'],
    ['Window cleaning at completion', 'cleanup'],
    // Cleaning a building's equipment is that trade's service, not the site's clean-up.
    ['Quarterly coil cleaning and filter change', 'hvac'],
    ['Duct cleaning, all floors', 'hvac'],
    ['Punch list and homeowner orientation', 'punch-list'],
    ['As-built drawings and warranties', 'closeout'],
    ['Special inspections and testing', 'inspections'],
  ] as const)('%s → %s', (description, trade) => {
    expect(matchLexicon(description)?.trade).toBe(trade);
  });
});

describe('trade lexicon: civil work', () => {
  it.each([
    [
      'MOBILIZATION FOR PAVING WORK (Maximum 3% of the Sum of Bid Items)',
      'general-conditions',
      'general-conditions',
    ],
    ['TRAFFIC CONTROL FOR ROADWAY WORK', 'site-work', 'traffic-control'],
    ['TEMPORARY RETROFLECTIVE PAVEMENT MARKINGS', 'site-work', 'traffic-control'],
    ['FULL DEPTH PLANING PER 2-INCH DEPTH OF CUT', 'demolition', 'planing'],
    ['HOT MIX ASPHALT (Type A ½-Inch Maximum with Medium Grading)', 'paving', 'paving'],
    ['HMA patching', 'paving', 'paving'],
    ['AC pavement overlay', 'paving', 'paving'],
    ['10-INCH THICK CONCRETE BASE', 'paving', 'paving-base'],
    ['Aggregate base course, Class 2', 'paving', 'paving-base'],
    ['COMBINED 6-INCH WIDE CONCRETE CURB AND 2-FOOT WIDE CONCRETE GUTTER', 'paving', 'flatwork'],
    ['CONCRETE CURB RAMP WITH CONCRETE DETECTABLE SURFACE TILES', 'paving', 'flatwork'],
    ['3 ½-INCH THICK CONCRETE SIDEWALK', 'paving', 'flatwork'],
    ['Thermoplastic striping, 4 in.', 'paving', 'striping'],
    ['24-INCH DIAMETER VCP SEWER ON CRUSHED ROCK BEDDING', 'utilities', 'utilities'],
    [
      'CONCRETE MANHOLE FOR 12-INCH TO 24-INCH DIAMETER SEWERS WITH FRAME AND COVER',
      'utilities',
      'utilities',
    ],
    ['Storm drain, 18 in. RCP', 'utilities', 'utilities'],
    ['TRENCH AND EXCAVATION SUPPORT WORK FOR SEWER WORK', 'excavation', 'excavation'],
    ['DISPOSAL OF SURPLUS NON-HAZARDOUS SOILS TO A CLASS II DISPOSAL FACILITY', 'excavation', 'excavation'],
    ['DEMOBILIZATION FOR PAVING WORK', 'cleanup', 'cleanup'],
  ] as const)('%s → %s (%s)', (description, trade, pkg) => {
    const c = matchLexicon(description);
    expect(c?.trade).toBe(trade);
    expect(c?.pkg).toBe(pkg);
  });
});

describe('trade lexicon: Indian public-works (PWD) vocabulary', () => {
  it.each([
    ['Earth work in excavation by mechanical means in foundation trenches or drains', 'excavation'],
    ['Filling available excavated earth in trenches, plinth side of foundation', 'excavation'],
    [
      'Providing and injection Chloropyrifous 20% for PRE-CONSTRUCTIONAL Anti termite treatment',
      'foundation',
    ],
    ['Providing and laying in position cement concrete 1:4:8 all up to plinth level', 'foundation'],
    ['Providing and laying reinforced cement concrete in suspended floors, roofs, M20', 'concrete'],
    ['Centering and shuttering for foundations, footings, bases of columns up to plinth level', 'foundation'],
    ['Centering & shuttering for suspended floors, roofs, landings, balconies', 'concrete'],
    ['Providing and fabricating reinforcement for R.C.C. work up to floor three level, TMT bars', 'concrete'],
    ['Brick work with F.P.S. bricks of class designation 75 in superstructure', 'masonry'],
    ['Random Rubble stone masonry for foundation and plinth in cement sand mortar 1:6', 'masonry'],
    ['Plaster on new surface on walls in cement sand mortar 1:6, 20 mm thick', 'drywall'],
    ['Finishing with 25 mm thick cement plaster on roofs with water proofing compound', 'roofing'],
    ['Polished Blue Kota Stone flooring skirting laid over 20 mm thick base', 'flooring'],
    ['Random rubble dry stone kharanja under floor', 'flooring'],
    ['Providing brick kharanja in cement sand mortar over roof of ground floor', 'roofing'],
    ['White washing with lime to give an even shade including all scaffolding', 'painting'],
    ['Distempering with oil bound washable distemper', 'painting'],
    ['Providing and fixing T-iron/angle iron frames for doors windows and ventilators', 'windows-doors'],
    ['Supplying and fixing rolling shutters of approved make', 'windows-doors'],
    ['P & F GI Pipes (Internal work) with G.I. fittings', 'plumbing'],
    ['P & F Indian Type white glazed vitreous china WC Orissa Pan', 'fixtures'],
    ['Construction of Septic tank in all types of soil', 'utilities'],
    ['Providing & laying CC 1:5:10 all around SW pipe', 'utilities'],
    ['Add @ 7 % for Electrification On Civil Work', 'electrical'],
    ['Add Lump Sum for Furniture', 'specialties'],
    ['P&FWVCwashbasin(1stquality,I.S.:2556Mark)ofapprovedmake', 'fixtures'],
  ] as const)('%s → %s', (description, trade) => {
    expect(matchLexicon(description)?.trade).toBe(trade);
  });
});

describe('section headings', () => {
  it.each([
    ['Division 09 - Finishes', '09', 'drywall'],
    ['DIVISION 22 - PLUMBING', '22', 'plumbing'],
    ['09 00 00 FINISHES', '09', 'drywall'],
    ['Div. 16 Electrical', '26', 'electrical'],
    ['26 Electrical', '26', 'electrical'],
    ['Phase 4 - Roofing', null, 'roofing'],
    ['PLUMBING', null, 'plumbing'],
    ["PART 'B'  SANITARY & WATER SUPPLY  WORK", null, 'plumbing'],
  ] as const)('%s', (heading, division, first) => {
    const hint = sectionHint(heading);
    expect(hint.division).toBe(division);
    expect(hint.trades[0]).toBe(first);
  });

  it.each([["PART 'A'  CIVIL WORK GROUND FLOOR"], ['First Floor'], ['Kitchen'], ['Sheet1']])(
    '%s names no trade',
    (heading) => {
      expect(sectionHint(heading).trades).toEqual([]);
    },
  );

  it('lists every trade a heading names', () => {
    expect(sectionHint('CABINETS, TOPS & FIXTURES').trades.slice(0, 3)).toEqual([
      'cabinets-millwork',
      'countertops',
      'fixtures',
    ]);
  });
});

describe('classifyLine: the section hints, the line decides', () => {
  it.each([
    // The line's own trade fits the section.
    ['Hang, tape and finish drywall', 'INSULATION & DRYWALL', 'drywall'],
    // The line names another trade first, but also one the section allows.
    ['Metal stud partitions, drywall, taped and finished', 'DIVISION 09 - FINISHES', 'drywall'],
    ['Under-cabinet LED lighting', 'ELECTRICAL', 'electrical'],
    // Nothing in the line: the section decides.
    ['Rough-in complete', 'PLUMBING', 'plumbing'],
    ['Labor and material', 'DIVISION 23 - HVAC', 'hvac'],
    // Demolition and permits are what they say under any heading.
    ['Demo existing fixtures', 'PLUMBING', 'demolition'],
    // A general heading: the words decide; no words, no trade.
    ['Kota stone flooring', "PART 'A' CIVIL WORK GROUND FLOOR", 'flooring'],
    ['Misc. labor', 'Kitchen', 'other'],
    ['Misc. labor', null, 'other'],
  ] as const)('%s under %s → %s', (description, section, trade: Trade) => {
    expect(classifyLine(description, section).trade).toBe(trade);
  });
});
