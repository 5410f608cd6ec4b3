# Generates internal/domain/common-passwords.txt: the most common passwords of public breach
# compilations (top lists such as SecLists' 10k-most-common), written from memory, and the
# variations people make of them (years, digits, "!", capitals, leetspeak). Only entries of at
# least 8 characters are kept: shorter ones are refused by the length rule anyway.
base = """
123456 password 12345678 qwerty 123456789 12345 1234 111111 1234567 dragon 123123 baseball abc123
football monkey letmein 696969 shadow master 666666 qwertyuiop 123321 mustang 1234567890 michael
654321 superman 1qaz2wsx 7777777 121212 000000 qazwsx 123qwe killer trustno1 jordan jennifer zxcvbnm
asdfgh hunter buster soccer harley batman andrew tigger sunshine iloveyou 2000 charlie robert thomas
hockey ranger daniel starwars klaster 112233 george computer michelle jessica pepper 1111 zxcvbn
555555 11111111 131313 freedom 777777 pass maggie 159753 aaaaaa ginger princess joshua cheese amanda
summer love ashley nicole chelsea biteme matthew access yankees 987654321 dallas austin thunder taylor
matrix mobilemail mom monitor monitoring montana moon moscow william corvette hello martin heather
secret merlin diamond 1234qwer gfhjkm hammer silver 222222 88888888 anthony justin test bailey
q1w2e3r4t5 patrick internet scooter orange 11111 golfer cookie richard samantha bigdog guitar jackson
whatever mickey chicken sparky snoopy maverick phoenix camaro peanut morgan welcome falcon cowboy
ferrari samsung andrea smokey steelers joseph mercedes dakota arsenal eagles melissa boomer booboo
spider nascar monster tigers yellow xxxxxx 123123123 gateway marina diablo bulldog qwer1234 compaq
purple hardcore banana junior hannah 123654 porsche lakers iceman money cowboys 987654 london tennis
999999 ncc1701 coffee scooby 0000 miller boston q1w2e3r4 brandon yamaha chester mother forever johnny
edward 333333 oliver redsox player nikita knight fender barney midnight please brandy chicago badboy
slayer rangers charles angel flower bigdaddy rabbit wizard bigdick jasper enter rachel chris steven
winner adidas victoria natasha 1q2w3e4r jasmine winter prince panties marine ghbdtn fishing cocacola
casper james 232323 raiders 888888 marlboro gandalf asdfasdf crystal 87654321 12344321 golden 8675309
panther lauren angela thx1138 angels madison winston shannon mike toyota jordan23 canada sophie
Password1 apples tiger bond007 dick hunting albert 232323 cheese1 qwerty123 password1 password123
welcome1 abc12345 iloveyou1 admin admin123 administrator root toor changeme default guest letmein1
passw0rd p@ssw0rd p@ssword pa55word passwort motdepasse contraseña senha wachtwoord salasana haslo
1qaz2wsx3edc qazwsxedc zaq12wsx zaq1zaq1 1q2w3e4r5t 1q2w3e4r5t6y qwertyui asdfghjkl zxcvbnm1
qwerty12 qwerty1 1qazxsw2 !qaz2wsx qweasdzxc qweqweqwe asdasdasd zxczxczxc 123qweasd 123qweasdzxc
qwe123 asd123 zxc123 aa123456 a123456 a12345678 123456a 123456789a 12345a 1234abcd abcd1234 abcdefg
abcdefgh abcdef abc123456 123abc iloveu loveyou lovely loveme love123 babygirl baby123 sweety sweetie
football1 baseball1 soccer1 monkey1 dragon1 shadow1 master1 michael1 superman1 batman1 sunshine1
princess1 charlie1 jessica1 ashley1 nicole1 daniel1 jordan1 hannah1 hello123 hello1 welcome123
letmein123 trustno11 freedom1 whatever1 computer1 internet1 starwars1 pokemon pikachu naruto
minecraft fortnite roblox spiderman ironman captain avengers warcraft counterstrike playstation
xbox360 nintendo google facebook youtube twitter instagram linkedin yahoo hotmail gmail outlook
microsoft windows apple iphone android linux ubuntu oracle mysql postgres database server network
security system manager support service office company business finance account accounts banking
payment payments money123 dollar dollars shilling bitcoin crypto wallet mobile telephone phone
changeme123 changeit temp1234 temppass temporary testtest test1234 test123 testing tester demo
demo1234 sample example qwerty7 qwerty11 11223344 1122334455 12341234 123454321 1234554321
12121212 13131313 11112222 11223344 01234567 0123456789 98765432 147258369 159357 147258 741852963
963852741 789456123 123789 456789 147852 258369 369258147 1212312121 10203040 102030 112211
11111111 22222222 33333333 44444444 55555555 66666666 77777777 99999999 00000000 1111111111
aaaaaaaa qqqqqqqq zzzzzzzz asdf1234 qwerasdf asdfqwer 1234asdf zxcv1234 qazwsx123 qwertyu
password12 password1234 password2 password01 pass1234 pass123 pass12345 passpass mypassword
yourpassword newpassword oldpassword secret123 secret1 topsecret mysecret private letmeinnow
iloveyou2 iloveyou12 ilovemyself ilovegod jesus jesus1 jesuschrist blessed christ heaven angel1
allah bismillah mohamed mohammed muhammad ahmed hassan hussein abdullah abdi abdirahman abdullahi
ali omar yusuf ibrahim ismail mustafa fatima aisha amina hodan halima khadija maryan faisal farah
somalia somaliland mogadishu hargeisa berbera kismayo garowe puntland hiiraan jubaland baidoa
africa nairobi kenya ethiopia djibouti dahabshiil hormuud telesom somtel golis zaad evcplus edahab
centralbank cbsl cbsl2026 kormeer kormeer1 kormeer123 kormeer2026 supervision regulator
""".split()

years = [str(y) for y in range(1960, 2031)]
digits = ["1", "12", "123", "1234", "12345", "123456", "01", "007", "69", "99", "00", "11", "2", "!", "!!", "@", "#", "1!", "123!", "@123", "#1", "$"]
words = [w for w in base if w.isalpha()]

out = set()
def add(p):
    if 8 <= len(p) <= 64:
        out.add(p.lower())

for w in base:
    add(w)
for w in words:
    for d in digits:
        add(w + d)
    cap = w.capitalize()
    add(cap + "1!")
    add(cap + "123!")
    leet = w.replace("a", "@").replace("o", "0").replace("e", "3").replace("i", "1").replace("s", "$")
    add(leet)
    add(leet + "1")
    add(leet + "123")
    add(w + w)
    add(w[::-1])
for w in words[:120]:
    for y in years[40:]:
        add(w + y)
for y in years:
    add("password" + y)
    add("welcome" + y)
    add("summer" + y)
    add("winter" + y)
    add("spring" + y)
    add("autumn" + y)
# keyboard walks and repeats
rows = ["1234567890", "qwertyuiop", "asdfghjkl", "zxcvbnm", "0987654321", "poiuytrewq"]
for r in rows:
    for n in range(8, len(r) + 1):
        add(r[:n])
for c in "abcdefghijklmnopqrstuvwxyz0123456789!":
    for n in (8, 9, 10, 12):
        add(c * n)
for i in range(1, 10):
    add((str(i) * 2 + str(i + 1) * 2 if i < 9 else "99990000") * 2)
import sys
lines = sorted(out)
header = ["# The most common passwords (lower case, at least 8 characters), refused by domain.CheckPassword.",
          "# Written from common public lists (top breach compilations such as SecLists' most-common",
          "# passwords) and the variations people make of them: years, digits, \"!\", leetspeak.",
          "# Regenerate or extend by hand; one password a line, lines starting with # are comments."]
sys.stdout.write("\n".join(header + lines) + "\n")
