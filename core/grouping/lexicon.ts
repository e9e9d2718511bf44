/**
 * The bilingual vocabulary of feedback: expressions and words that mean one thing, in English and
 * French, folded to one concept so that "the login button does nothing" meets "le bouton de
 * connexion ne répond pas". It is general vocabulary of software and its problems, not a list of
 * known subjects: grouping must bridge reports it has never seen.
 */

/**
 * Expressions rewritten to one concept before words are split, on folded text (lower case, no
 * accents, apostrophes as spaces). Longest first where one contains another.
 */
export const PHRASES: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bmots? de passe\b|\bmdp\b|\bpass ?words?\b|\bpasscode\b/g, "password"],
  [/\btableaux? de bord\b|\bdash ?boards?\b/g, "dashboard"],
  [/\bappareils? photos?\b/g, "camera"],
  [/\b(?:mode|theme) (?:sombre|nuit|noir)\b|\bdark (?:mode|theme)\b|\bnight mode\b/g, "darkmode"],
  [/\b(?:mode|theme) clair\b|\blight (?:mode|theme)\b/g, "lightmode"],
  [
    /\bhors (?:ligne|connexion)\b|\bsans (?:internet|reseau|connexion)\b|\boff ?line\b|\bwithout (?:internet|network|connection)\b|\bno (?:internet|network)\b/g,
    "offline",
  ],
  [
    /\bnothing happens\b|\bdoes nothing\b|\bdo nothing\b|\bno effect\b|\bnot responding\b|\bunresponsive\b|\bdoes ?n t respond\b|\bdoes not respond\b|\bne fait rien\b|\brien ne se passe\b|\bil ne se passe rien\b|\bne (?:se )?passe rien\b|\bne repond (?:pas|plus)\b|\binactifs?\b|\binactives?\b|\baucun effet\b|\bsans effet\b|\bis dead\b/g,
    "unresponsive",
  ],
  [/\bse deconnecter\b|\blog ?(?:ged|ging)? ?out\b|\bsign(?:ed|ing)? ?out\b|\bdeconnexion\b/g, "logout"],
  [/\b(?:se|me|te) (?:re)?connect\w*|\bsign(?:ed|ing)? ?in\b|\blog(?:ged|ging)? ?in\b|\bidentifier\b|\bs identifier\b/g, "login"],
  [/\btwo[ -]?factors?\b|\b2 ?fa\b|\bdouble authentification\b|\ba deux facteurs\b|\bauthenticator\b|\bmfa\b/g, "twofactor"],
  [/\bchangement d heure\b|\bheure d (?:ete|hiver)\b|\bdaylight saving(?: time)?\b|\bdst\b|\b(?:clock|time) change\b/g, "dst"],
  [/\bservice (?:client|apres[ -]vente)\b|\bcustomer (?:support|service)\b|\bsupport team\b|\bhelp ?desk\b/g, "support"],
  [/\ben double\b|\bdeux fois\b|\btwo times\b|\btwice\b|\bdupli(?:cate|cated|ques?|quees?)\b|\bdoubles?\b/g, "twice"],
  [/\bpages? blanches?\b|\becrans? blancs?\b|\bblank (?:page|screen)\b|\bwhite (?:page|screen)\b/g, "empty page"],
  [/\bcartes? (?:bancaires?|de credit|bleues?)\b|\bcredit cards?\b|\bdebit cards?\b|\bbank cards?\b/g, "card"],
  [/\bboites? (?:mail|de reception|aux lettres)\b|\binbox\b/g, "inbox"],
  [/\bmises? a jour\b|\bupdated?\b|\bupgraded?\b/g, "update"],
  [/\bpris en compte\b|\btaken into account\b|\bignored?\b|\bignores\b/g, "ignored"],
  [/\b(?:profile|account) (?:picture|photo|image)s?\b|\bphotos? de profil\b|\bimages? de profil\b/g, "avatar"],
  // "son" is mostly "his": only these forms mean sound.
  [/\b(?:le|du|sans|pas de|aucun) son\b/g, "sound"],
  [/\bmot cle\b|\bkeywords?\b/g, "keyword"],
  [/\ben masse\b|\bin bulk\b|\bbulk\b|\ben lot\b|\bin one go\b|\bat once\b|\ben une fois\b/g, "bulk"],
  [/\bthe same frame\b|\bimage figee\b/g, "freeze"],
];

/**
 * Words folded to one concept (keys are folded words; each is also looked up by its stem). Kept
 * to words whose meaning in feedback is stable: "carte" (card or map) is left alone.
 */
export const CONCEPTS: Readonly<Record<string, string>> = {
  login: "login logins connexion connecter connect",
  fail: "fail fails failed failing failure error errors erreur erreurs echec echoue echouent broken break breaks casse refus refuse refusee refuses rejected reject declined decline denied",
  crash: "crash crashes crashed crashing plante plantage plantages planter plantent",
  freeze:
    "freeze freezes frozen freezing stuck stutters stuttering hang hangs hanging fige figee figees bloque bloquee bloquent gel gele stutter stutters saccade saccadent buffer buffering",
  slow: "slow slowly slowness sluggish lag lags laggy lent lente lentement lenteur lenteurs forever longtemps rame wait waiting attendre attente",
  fast: "fast faster quick quickly rapid rapide rapides rapidement vite",
  empty: "blank empty empties emptied vide vides vider blanche blanc",
  missing:
    "missing miss gone lacks lack lacking disappear disappears disappeared vanish vanished vanishes manque manquent manquant manquante manquantes disparu disparue disparait disparaissent lost lose loses losing perdu perdue perdues perd perdent perte",
  receive:
    "get gets getting receive received receiving recois recoit recu recue arrive arrives arrived arriving arriver arrivent vient viennent delivered",
  send: "send sends sent sending envoyer envoye envoyee envoie",
  show: "show shows showing shown display displays displayed affiche affichent afficher affichage appear appears apparait",
  load: "load loads loading loaded charge chargent charger chargement",
  open: "open opens opening opened ouvre ouvrir ouverture ouvert launch launches lance",
  close: "close closes closed closing ferme fermer fermeture quit quits",
  click: "click clicks clicked clicking clique cliquer press pressed tap taps tapped appuie appuyer touche",
  button: "button buttons bouton boutons",
  screen: "screen screens ecran ecrans",
  file: "file files fichier fichiers document documents",
  picture: "picture pictures photo photos image images",
  avatar: "avatar avatars",
  video: "video videos film films clip",
  sound: "sound sounds audio son sons mute muted muette muet silent silently",
  volume: "volume",
  edit: "edit edits edited editing modify modified modifier modifie modification modifications modif",
  delete:
    "delete deletes deleted deleting deletion remove removes removed erase erases supprimer supprime suppression effacer efface effacent retirer",
  add: "add adding ajouter ajoutez ajout",
  save: "save saved saving remember remembered memorise memorisee memorises garde gardee sauvegarde sauvegarder enregistre enregistrer",
  forget: "forget forgets forgotten forgot oublie oubliee oublier",
  reset: "reset resets reinitialise reinitialiser reinitialisation",
  setting: "setting settings preference preferences option options reglage reglages parametre parametres",
  language: "language languages langue langues",
  english: "english anglais",
  french: "french francais",
  wrong: "wrong incorrect incorrectly invalid invalide faux fausse errone erronee mauvais mauvaise mal",
  valid: "valid valide correct correcte",
  accept: "accept accepts accepted accepte acceptee",
  amount: "amount amounts montant montants sum somme total totals",
  tax: "tax taxes vat tva",
  invoice: "invoice invoices bill bills facture factures facturation",
  pay: "pay paying payment payments paiement paiements payer",
  cart: "cart carts basket panier paniers",
  product: "product products item items produit produits article articles",
  search: "search searches searching searched find finds recherche recherches rechercher cherche chercher trouve trouver",
  result: "result results resultat resultats",
  notify: "notification notifications notif notifs push alert alerts alerte alertes",
  email: "email emails mail mails courriel courriels",
  account: "account accounts compte comptes profile profil",
  calendar: "calendar calendars calendrier calendriers agenda",
  event: "event events meeting meetings appointment appointments evenement evenements reunion reunions rendez",
  hour: "hour hours heure heures",
  week: "week weeks semaine semaines",
  month: "month months monthly mois mensuel mensuelle mensuels",
  day: "day days jour jours",
  second: "second seconds seconde secondes",
  number: "number numbers numero numeros nombre",
  column: "column columns colonne colonnes",
  export: "export exports exported exporting exporte exporter download downloads downloaded telecharge telecharger telechargement telechargee",
  upload: "upload uploads uploaded uploading televerser televersement televerse",
  large: "large larger big bigger huge heavy gros grosse grosses lourd lourds volumineux enorme",
  battery: "battery batteries batterie",
  consume: "drain drains draining consumption usage eats consommation decharge",
  phone: "phone phones telephone mobile smartphone",
  app: "app apps application applications appli",
  camera: "camera cameras",
  keyboard: "keyboard clavier",
  shortcut: "shortcut shortcuts hotkey hotkeys raccourci raccourcis",
  new: "new nouveau nouvelle nouveaux nouvelles redesigned redesign redessine",
  praise: "great loved amazing fantastic awesome excellent super genial magnifique bravo adore top thanks thank merci helpful efficace brilliant",
  support: "support help aide assistance",
  comment: "comment comments commentaire commentaires",
  publish: "post posted publish published publie publier",
  sync: "sync syncs syncing synced synchro synchronise synchronisation synchronization synchronize",
  many: "many several multiple plusieurs",
  task: "task tasks tache taches",
  theme: "theme themes",
  dark: "dark sombre",
  light: "light clair",
  none: "nothing none zero aucun aucune rien never jamais",
  work: "work works working worked fonctionne fonctionnent marche marchent",
  stop: "stop stops stopped arrete arretent cesse",
  offset: "shifted shift off late retard decale decales decalage",
  move: "move moved moves bouge bouges deplace deplaces",
  grey: "grey gray gris grise",
  tile: "tile tiles tuile tuiles",
  chart: "chart charts graph graphs graphique graphiques diagramme",
  report: "report reports rapport rapports",
  price: "price prices prix cost costs cout couts tarif tarifs",
  subscription: "subscription subscriptions abonnement abonnements",
  order: "order orders commande commandes",
  refresh: "refresh refreshes reload reloads recharger recharge actualiser rafraichir",
  exist: "exist exists existing existe existant existante",
  name: "name names nom noms",
  code: "code codes",
  session: "session sessions",
  mb: "mb mo megabyte megabytes mega megas megaoctet megaoctets",
  ten: "ten dix",
  two: "two deux",
  idea: "idea ideas idee idees suggestion suggestions",
  internet: "internet network reseau wifi",
  after: "after afterwards apres",
  revert: "revert reverts reverted back revient reviennent repasse repassent",
  take: "take takes took taking prend prends prennent prendre mettent met",
  cannot: "cannot impossible unable",
  stay: "stay stays stayed remain remains reste restent rester",
  navigate: "navigate navigating navigation naviguer navigue navigues browse browsing",
  create: "create creating created creer cree creation",
  wish: "wish love aimerais aimerait souhaite",
  common: "common usual courant courantes courants",
  area: "area zone",
  view: "view views vue vues",
  use: "use uses using used utilise utiliser utilisation",
  change: "change changes changed changing changer",
  play: "play plays playing playback played watch watching lecture lire regarde regarder",
  choose: "choose chose chosen choice choisi choisir choix select selected selectionne",
  data: "data donnee donnees",
  answer: "answer answers answered reply replied reponse reponses repondu",
  solve: "solve solved fix fixed resolved regle resolu corrige",
  rate: "rate rates taux",
  compute: "calculate calculated calculation calcul calcule calculee",
  apply: "apply applied appliquer applique appliquee",
  // Card or map: its own word, so that its stem does not read as "cart".
  carte: "carte cartes",
};

/**
 * Concepts any report may use whatever its subject: the parts every app has and the verbs of
 * using it. They count for less, and two reports sharing only these are not one subject.
 */
export const GENERIC: ReadonlySet<string> = new Set(
  (
    "show button click app screen work receive load update open close page setting add edit phone day second name exist " +
    "after revert take cannot stay use change carte"
  ).split(" "),
);

/** How things go wrong: two reports of one part with different symptoms are two subjects. */
export const SYMPTOMS: ReadonlySet<string> = new Set(
  "fail crash freeze slow empty missing unresponsive wrong twice none offset ignored forget stop".split(" "),
);
