package sanctions

import "strings"

// Name data. The spelling rules in normalize.go bring most variants together on their own; the
// dictionary below covers what rules cannot (vowel shapes such as Maxamed/Muhammad, Somali forms such
// as Faadumo for Fatima or Daahir for Tahir) and, as important, keeps apart names the rules would
// bring too close: Mohamed and Mohamud (Mahmoud), Hassan and Hussein.

// nameGroups: each line is one name, its first spelling giving the canonical key.
var nameGroups = []string{
	"mohamed mohammed muhammad muhammed mohamad mohammad mahamed maxamed maxammed muxamed mohd mhd muhamed mouhamed mohamet mahammed muhamad",
	"mahmoud mohamud maxamuud mahmood mahamud mahmud mahamoud maxmuud mohamoud",
	"ahmed ahmad axmed ahmet achmed axmad ahmadu",
	"hassan hasan xasan xassan hassen hasaan",
	"hussein husein hussain husain husayn hussayn xuseen xusseen huseen hussien husen hosein hossein hussen huseyn",
	"yusuf yousef yousuf yusif yuusuf yosef youssef yussuf yusef yuusif",
	"omar umar cumar omer umer oumar",
	"osman usman othman uthman cusmaan osmaan usmaan otman ousmane cismaan",
	"ali cali aly alli caali",
	"abdi cabdi abdy",
	"farah faarax farax faarah",
	"jama jaamac jamac jaama jaamaac",
	"ibrahim ibraahim ebrahim ibrahiim ibraahin ibrahin brahim ebraheem ibraheem",
	"ismail ismaaciil ismael ismaiil esmail ismacil ismaciil ismaaiil",
	"aden aadan adan adam aadam",
	"nur nuur noor nour",
	"fatima faadumo fadumo fatuma faaduma fatimah fatma faatima",
	"aisha caasha ayesha aysha aicha caaisha asha aasha",
	"khadija khadiija hadija xadiija kadija khadijah xadija",
	"hawa xaawo hawo haawa xawa",
	"yasin yaasiin yassin yassine yaseen yasiin",
	"ayub ayuub ayoub ayyub ayoob",
	"said saciid siciid saeed saiid saaid saed",
	"hamza xamsa hamsa hamzah xamza",
	"hashim xaashi hashi haashi hashem haashim xaashim",
	"hersi xirsi hirsi hirse xirse",
	"suleiman sulayman suleyman sulaiman suleman suleymaan sulaymaan",
	"mustafa mustapha mustafe mostafa moustafa mustafaa",
	"yahya yaxye yahye yehia yahia yaxya",
	"idris idriis edris idrees",
	"musa muuse mousa moussa muse musse",
	"isa ciise issa eisa iise isse",
	"abubakar abubakr abubaker abuubakar abuubakr abukar abuukar",
	"sharif shariif cherif sherif shariff",
	"salah salax salaad salad salaax",
	"tahir daahir dahir taahir tahar",
	"bashir bashiir beshir bachir",
	"khalid khaalid xaalid halid khaled",
	"jibril jibriil jibreel jabril",
	"qasim qaasim kasim qassim kassim",
	"zainab zaynab seynab zeinab saynab",
	"mahdi mahadi maxdi",
	"hamid xaamid haamid hamed",
	"abdulle cabdulle",
	// Names kept apart from their near neighbours above: each is a different name, not a spelling.
	"jamal jamaal", "yunis yoonis younis yunus", "usama osama", "faraj farej", "saad sacad", "adnan cadnaan",
	"khalif khaliif xaliif", "warsame warsama", "samatar samater", "egal cigaal igaal", "elmi cilmi ilmi",
	"awil cawil", "aweys awees uways", "roble rooble", "shire shiire", "dirie diriye diiriye", "bile biile",
	"gedi geedi", "guled guuleed guleed", "hodan hoodan", "ayan ayaan", "sahra saxra zahra", "maryan maryam mariam",
	"asli casli", "ammar camaar", "salim saalim", "saleh salih", "hamdi xamdi", "hamud xamuud hamoud",
	"mahad mahat", "ilyas ilyaas", "anwar anuar", "nasir naasir nasser", "rashid rashiid",
	"karim kariim", "malik maalik", "majid majiid", "hakim xakiim hakiim", "wali wali", "hadi haadi", "jamil jameel jamiil",
}

// nameVariants maps the rule form of every spelling to its group's canonical key. Two parts that
// both resolve here to different keys are different names, however alike they look.
var nameVariants = func() map[string]string {
	m := map[string]string{}
	for _, g := range nameGroups {
		f := strings.Fields(g)
		key := spellingRules(f[0])
		for _, v := range f {
			m[spellingRules(v)] = key
		}
	}
	return m
}()

// arabicNames: common names as Arabic script writes them, to a Latin spelling of the same name.
// Arabic writes no short vowels, so a dictionary does better than letter-by-letter transliteration
// for the names that matter most; the transliteration covers the rest.
var arabicNames = map[string]string{
	"محمد": "mohamed", "احمد": "ahmed", "أحمد": "ahmed", "محمود": "mahmoud", "حسن": "hassan",
	"حسين": "hussein", "علي": "ali", "على": "ali", "عمر": "omar", "عثمان": "osman", "يوسف": "yusuf",
	"ابراهيم": "ibrahim", "إبراهيم": "ibrahim", "اسماعيل": "ismail", "إسماعيل": "ismail", "فاطمة": "fatima",
	"عائشة": "aisha", "عايشة": "aisha", "خديجة": "khadija", "حواء": "hawa", "ياسين": "yasin", "أيوب": "ayub",
	"ايوب": "ayub", "سعيد": "said", "حمزة": "hamza", "هاشم": "hashim", "سليمان": "suleiman", "مصطفى": "mustafa",
	"يحيى": "yahya", "يحيي": "yahya", "ادريس": "idris", "إدريس": "idris", "موسى": "musa", "عيسى": "isa",
	"آدم": "aden", "ادم": "aden", "نور": "nur", "فارح": "farah", "فرح": "farah", "جامع": "jama", "شريف": "sharif",
	"صلاح": "salah", "طاهر": "tahir", "بشير": "bashir", "خالد": "khalid", "جبريل": "jibril", "قاسم": "qasim",
	"عبدي": "abdi", "حرسي": "hersi", "زينب": "zainab", "أبوبكر": "abubakar", "ابوبكر": "abubakar",
	"الله": "allah", "بكر": "bakr", "مهدي": "mahdi", "حامد": "hamid", "عبدالله": "abdullahi", "ورسمه": "warsame",
	"رحمن": "rahman", "رحيم": "rahim", "قادر": "qadir", "عزيز": "aziz", "كريم": "karim", "سلام": "salam",
	"مجيد": "majid", "وهاب": "wahab", "حميد": "hamid", "لطيف": "latif", "فتاح": "fatah", "رزاق": "razak",
	"مالك": "malik", "رشيد": "rashid", "شكور": "shakur", "ناصر": "nasir", "حكيم": "hakim", "غني": "gani",
	"جبار": "jabar", "صمد": "samad", "باسط": "basit", "غفار": "gafar", "هادي": "hadi", "حليم": "halim",
	"مريم": "maryam", "عدنان": "adnan", "يونس": "yunis", "أسامة": "usama", "اسامة": "usama", "فرج": "faraj",
	"سعد": "saad", "خليف": "khalif", "حمود": "hamud", "جمال": "jamal",
	"شباب": "shabaab", "الشباب": "shabaab", "مجاهدين": "mujahidin", "المجاهدين": "mujahidin",
}

// divineGroups: the second halves of Abd… compounds. The first spelling gives the canonical key.
var divineGroups = []string{
	"rahman rahmane", "rahim raheem", "kadir qadir kader qader", "aziz", "karim kareem kariim karin", "salam salaan", "majid majiid", "wahab wahhab",
	"hamid", "latif", "fatah fattah fitah", "razak razaq rizak risaq rasaq", "malik", "rashid", "shakur", "nur noor",
	"nasir naser nasser", "wali weli", "hakim", "gani ghani qani", "jabar jabbar", "samad", "basit basid",
	"gafar ghafar ghaffar", "hadi", "allah lahi lah la allahi illahi ala llahi", "mutalib muttalib", "halim",
	"rauf", "hafid hafiz", "sabur", "kafi", "mumin",
}

// standaloneDivine are second halves that are also given names on their own: "Abdi Nur" may be
// Abdi son of Nur, so a separate word after Abdi is joined only when it cannot stand alone.
var standaloneDivine = map[string]bool{}

var divineNames = func() map[string]string {
	m := map[string]string{}
	for _, g := range divineGroups {
		f := strings.Fields(g)
		key := spellingRules(f[0])
		for _, v := range f {
			m[spellingRules(v)] = key
		}
	}
	for _, s := range []string{"nur", "nasir", "wali", "hadi", "hakim", "halim", "malik", "rashid", "hamid", "majid", "karim", "salam", "samad", "mumin"} {
		standaloneDivine[m[spellingRules(s)]] = true
	}
	return m
}()

// honorifics: titles, kinship particles and legal-form words dropped before comparison (folded
// spellings).
var honorifics = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`sheikh sheik shaykh shaikh shekh sheekh sh shiekh shaix seikh
		haji hajji haaji xaaji xaji xajji hajj alhaji alhaj alhajji hadji imam imaam mullah mulla mullaah
		dr doctor mr mrs ms miss eng engineer prof ustad ustadh ustaad ustaadh ustaz maalim macalin
		macallin muallim aw gen general col colonel capt captain amir emir
		bin ibn ben bint binti binte ould wuld ina
		and of the for ltd limited llc inc co company corp corporation plc sarl gmbh fze fzco`) {
		m[w] = true
	}
	return m
}()

var arabicParticles = map[string]bool{
	"بن": true, "ابن": true, "بنت": true, "ال": true, "الشيخ": true, "شيخ": true, "الحاج": true,
	"حاج": true, "ولد": true,
}
