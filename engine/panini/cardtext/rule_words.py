"""The words of the rulebooks (/work/shared/rules: the 2014 and 2016 Panini rulebooks and
the 2016 DBZ rules), generated once from their texts, never from card texts: the vocabulary
a misspelt word of a card may be read as when it is no game word
(engine.panini.cardtext.slips)."""

from __future__ import annotations

_RULE_WORDS = """
a abbreviation abbreviations abilities ability able about above absolved account accumulating
achieved acquire across action actions activate activated activating active acts actual
actually add added adding additional address advance advanced advancement advances advancing
advantages affect affected affects after afterward again against aggressive agon agree aid aik
aile aka alignment all allies allow allowing allows ally already also alternate alternating
alters always america amount an ana and android androids anger animation ankara another answers
any anymore anyone anything anyway anywhere appear appearing appears applicable applied apply
appropriate araflt are aren't art artists arts as aside asistan ask assigned assist associated
at attach attached attaches attaching attack attack's attacked attacker attacker's attacking
attacks attempt attention automatically available avoid awaits awakening azkurs back background
backup ball balls banish banished banishes banned bardock base based basic basics battle
battlefield battleground battles bazas be beams beating because become becomes becoming been
before begin beginning begins being believes belong belongs below benefit benefits besides
between bi big bio bird bit black blasts block blocking blocks blue blueprint blvd body bonus
book booster borgos both bottom box boy bracket brand brandon break breaks brewster bring
brings broly brought brute build building burter but by ca calculate calculated calculation
calculations called came can can't cancelled cannot cap caps captain capture captured captures
capturing card card's cards carries carry case catch categories caught cause caused causes ccg
celestial cell certain certificate challenge change changed character character's characters
check cherry choice choose chosen clause close closest codeword cody cold collect collectable
collected collecting columns com combat combats combination combined combos come comes comments
common compare compares comparing compete complete completely composed comprised comprises
compulsory condition conflicting conflicts conformity confusion consecutive consecutively
consider considered consist consisting consists constant constantly construct construction
consulting contain containing contains content contents context contextual continue continues
continuous contradicts control controller controlling conversation conversely convert converted
cooler coordinated coordination coordinator copied copies copy copying cost costing costs could
count counted counter counters countless counts course cover crafting crazed crd create created
creation creators credits critical cui current currently custom customized cut dafi damage dash
david dbgttcg dbz dbzccg dbzocg dbztcg de deal dealing deals dealt december decide deciding
decision deck decks declare declared declares declaring defend defender defending defense
defenses defensive defensively defined defines definition dende denotes depending derived
descendent described describing design designers desperation destroy destroyed destroying
destruction detach detail details determine determines developer developers development di
dicarlo dice dictates did difference differences different ding dir directly director
disagreement disappears discard discarded discarding discards discover discovering disruption
disruptive distinctive ditch do docshare document documents dodoria does doesn doesn't doing
dominance dominick don don't done dostlar double down download downloads dr dragon dragonballz
dragonballzocg draw drawing drawn draws drill drill's drills due during each earlier earth
ebifurya eckhard edilmi effect effects eg either elect eligible elliot else email embed
emphasize empty end ending endorsed ends endurance energy enough enter entering enters entire
entirety equal eric establish etc even event events every everything exact exactly example
exceed except excitement exclusive exist exists expand explain explained explaining explains
extra faa face fail fans fasha fashbinder fast fate favor felton fifth figen fight fighter
fighting fights filled final finally find finish finished finishes finishing first five flip
floating fly focused focuses follow following for force forces forgot form forms forth found
four freestyle friend frieza from front fun funimation further fused fusion future ga gain
gaining gains galaxy gallic game gameplay garrett general generally generated geoffrey george
get gets getting ginyu give given glaser glasser glossary go goes gogeta gohan going goku
goku's golden good got goten gotenks grant grants graphic grasp great group groups gt guldo gun
guru half hand hands hans happen happened happens hard has hastanesi hattier have having hb he
head header heart hekimli held help her here here's heritage hero heroes hide hif higher
highest him hipoplaziyas his hit hitting hold holds hone how however hurl icon icons identifies
if ignored iklikl il image images immediate immediately improper imtahan in inc include
includes including increase index indicated indicator infinite inflict influence influenced
information initial initially initiated inside inspect instance instant instantly instead
instruction instructions intended interactions interrupt into involves irilmi irving is isn
isn't israel isvak it it's italicized itim its itself ixtisas james jarrett jason jeice jim
joel joey joshua jr judge just kai's kami kanji kaptan kataloq kayata ke keep keeping keeps
kept kevin keyword kind kinds king kishime kl klini know knowledge kochin kunkel kurt last
later lav lawrance lead learn least leave leaves leaving left legal legally lesley let let's
lets level leveling levels license life like likenesses limit limited limitless link listed ll
lliflik located location locations locked log logos long longer look looks loop lord lorne lose
loses losing loss lost love lower lowered lowering lowers lowest ltd lupe made madejczyk main
make makes making manager manipulation manually many marketing martial master masteries mastery
match matches matching matter maximum maximums may mb mcbride me mean meaning means meant
mechanic mechanism meet mentioned merckle mercy met meta middle might miller minimum minimums
misokatsun missing mixing moderator modified modifier modifiers modifies modify modifying more
most motto move moved moves moving mp mp's mppv mps much multiple multiplier multiply
multiplying muri must mystic mystical nail name named namek namekian nameks names naming nappa
naq nde necessary need needed net never new next nick nir nl no non noncombat none nor normal
normally not notch note noted nothing now nt number numbered numeric numerical numune objects
observation obtain occur occurs ocg of off offensive offer official often okay old olunur on
once one online only onto open opponent opponent's opponents opportunity option optional
optionally options or orange order org organization original originally other otherwise our out
over overlaid overlay overlaying overridden overrides overview own owner ownership oyna packs
page pan panini paniniamerica paniniamericadbz paragus parentheses parenthesis part partially
participate partida parts pass passes passing password pat patch path pay payla pays pdf people
per perfect perform performed performing performs person persona personalities personality
personality's personalized peterson phase phases philip phrase physical physically piccolo
pickens picking pike pile piles place placed places placing planet planning play played player
players playing plays playtesters playtesting please plus poestkoke point possession
possibilities possible postpone power powerful powering powers powerup prepare prepares prevent
preventable prevented preventing prevention prevents printed prior prizes proceed produce
produces productions products program prohibits proper prove published pummel pummeled pur
purple purpose put puts putting quadruple qualifiers qualifies qualify questions quiroz ququ
rabia raci raditz raise raised raising random randomized randomizing ranged rarity rather
rating ratings rd re reach reaches reaching read ready realize rearrange rearranges reason
recall recapture receive recoome red redirect redirected reduce reduced reentering refer
reference referenced referencing refers regardless regenerative register rejuvenate rejuvenated
rejuvenating rejuvenation relies remain remainder remaining remains remember remove removed
removes replace replacement report represent represented represents require required
requirement requirements requires rescue reserved reset resets resolution resolve resolved
resolves respective respond responding rest restricted result results returns reveal revealed
revealing reveals reversal revert reviewed reward ri richie right rights rliyin rma rogue
rolling rolls rouge rows rrahiyy rule rulebook rules rulings run runs saiyan saiyans same
sample sanez sas satisfactory save say says score's scott scouter sean search searched searches
searching second secondary section see seeks select send sends sensei sentence sequence
sequencer set sets setup setups seven shape share she should show shown shueisha shuffle
shuffler shuffles shuffling si side sideways similar simply since single sistem site six size
sizes skender skills skip skipped skipping skips slug small so some someone something sometimes
soon sort space spaces special specific specifically specifies spice sponsor stack stacked
stage stages stagger standing stands starburst start started starter starting starts state
stated states status stay stays step steps stick still stockpile stomatologiya stop stopped
stopping stops store strategies strategy strength strikes stronger stuck studio style style's
styled styleless styles styless sub subtract successful such suite summary super superseded
sure surprise survival swap swapped sweeny swing sword symbol ta table take taken takes taking
tap target tarix tarixind tcg teach techniques tell tells temporarily ten term terms test text
th than thanks that that's the their them theme themselves then there thereof these they thing
things third this those though three through throughout thus tic tied tien tile time times
timing tips title tj to toback toei together tokens tokui tokuiwaza tom tongtharadol top tora
total tournament tournaments toward towards tr track tracking trade trademarks trading trained
training trait traits treat triple true trunks try turles turn turning turns two tx type types
un unable uncover under understand unique universe unknown unleash unleashing unless unlike
unplayable unstoppable unstopped until unused up upcoming updated usa use used uses using
usually value values variety various ve vegeta vegeta's vegito verify veril versa very veterans
via vice victory views villain villains visit vitality vs want ward was watch way ways waza
we'll weak web welcome well were west what what's whatever wheelo when whenever where whether
which while who wilding wilkinson will williams win winning wins wisely wish with within
without won won't word wordpress words work works world would written www xxi yi yield you
you'll you're your yours zaman zarbon zero zeyyen zone zones zr ztm
"""
RULE_WORDS = frozenset(_RULE_WORDS.split())
