/** Every Dutch text the server and the web app share. Spec texts are verbatim. */
export const MESSAGES = {
  generalError: 'Er ging iets fout. Probeer het nog eens.',
  databaseUnavailable: 'De database is even niet bereikbaar. Probeer het over een paar seconden nog eens.',
  storageFull:
    'De opslag van de server is vol: er kan nu niets worden bewaard. Neem contact op met de beheerder van Ateliermarkt.',
  notFoundPage: 'Niks gevonden. 404.',
  notAvailableYet: 'Dit scherm is nog niet beschikbaar.',

  // Content: texts, subcategories, shop pages, FAQs
  deletedTitle: 'Verwijderd!',
  confirmTitle: 'Weet je het zeker?',
  resourceValueRequired: 'De tekst mag niet leeg zijn',
  resourceSaved: 'De tekstwijziging is opgeslagen',
  resourceNotSaved: 'De tekstwijziging is niet opgeslagen',
  subcategoryTitleRequired: 'De subcategorie mag niet leeg zijn',
  subcategoryOrderRequired: 'De positie mag niet leeg zijn',
  positionInvalid: 'De positie moet een heel getal van 0 tot en met 9999 zijn',
  subcategorySaved: 'De subcategorie is opgeslagen',
  subcategoryAdded: 'De subcategorie is toegevoegd',
  subcategoryNotSaved: 'De subcategorie is niet opgeslagen',
  subcategoryDeleteConfirm: 'Verwijder de subcategorie',
  subcategoryDeleted: 'De subcategorie is verwijderd.',
  pageTitleRequired: 'De titel van de pagina mag niet leeg zijn',
  pageAdded: 'De pagina is toegevoegd',
  pageSaved: 'De pagina is opgeslagen',
  pageNotSaved: 'De pagina is niet opgeslagen',
  pageDeleteConfirm: 'Verwijder deze pagina',
  pageDeleted: 'De pagina is verwijderd.',
  pagesReordered: 'De volgorde is opgeslagen',
  pageAlreadyFirst: 'Deze pagina staat al bovenaan',
  pageAlreadyLast: 'Deze pagina staat al onderaan',
  deleteFailed: 'Het verwijderen is mislukt. Probeer het nog eens.',
  faqSaved: 'De lijst met vragen is geüpdated',
  faqNotSaved: 'De lijst met vragen is niet opgeslagen',
  faqQuestionRequired: 'De vraag mag niet leeg zijn',
  faqAnswerRequired: 'Het antwoord mag niet leeg zijn',
  faqEmpty: 'Er zijn nog geen vragen.',
  newsletterSubscribed: 'Bedankt! Je bent aangemeld voor de nieuwsbrief.',

  // Log-in
  loginErrorTitle: 'Oeps! Het volgende ging mis:',
  loginInvalid: 'Onbekende logingegevens',
  loginLockedOut: 'Te veel foutieve inlogpogingen',
  loginFailed: 'Het inloggen is mislukt',
  loginFailedRetry: 'Het inloggen is mislukt. Probeer het opnieuw..',
  loginNoUser: 'Er is geen gebruiker gevonden met deze inloggegevens',
  tenantsLoadFailed: 'Kon de beschikbare ateliers niet vinden',
  userNameOrEmailRequired: 'De gebruikersnaam of het e-mailadres mag niet leeg zijn',
  passwordEmpty: 'Wachtwoord mag niet leeg zijn',

  // Password reset request
  resetRequestEmailRequired: 'Het email veld mag niet leeg zijn',
  forgotPasswordRequired: 'Het wachtwoord vergeten veld mag niet leeg zijn',
  resetRequestFailed: 'Er ging iets mis bij het resetten van je wachtwoord: ',
  unknownError: 'Onbekende fout',
  resetRequestSent:
    'Als dit e-mailadres bij ons bekend is, ontvang je binnen enkele minuten een e-mail met een link om je wachtwoord te wijzigen.',

  // Reset password
  passwordRequired: 'Het wachtwoord mag niet leeg zijn',
  passwordLength: 'Het wachtwoord moet tussen de 8 en 50 karakters lang zijn',
  passwordRepeatRequired: 'De wachtwoord bevestiging mag niet leeg zijn',
  passwordsDoNotMatch: 'De wachtwoorden komen niet overeen',
  passwordComplexity: 'Het wachtwoord moet minstens één cijfer, één letter en één speciaal teken bevatten',
  passwordHint: 'Minimaal 8 tekens, met een cijfer, een letter en een speciaal teken.',
  resetPasswordSuccess: 'Je wachtwoord is veranderd.',
  resetPasswordFailed: 'Je wachtwoord kon niet worden veranderd...',
  resetCodeInvalid: 'Deze link is ongeldig of verlopen. Vraag een nieuwe link aan.',

  // Change password
  currentPasswordRequired: 'Het oude wachtwoord mag niet leeg zijn',
  newPasswordRequired: 'Het nieuwe wachtwoord mag niet leeg zijn',
  newPasswordLength: 'Het nieuwe wachtwoord moet tussen de 8 en 50 karakters lang zijn',
  newPasswordRepeatRequired: 'De nieuwe wachtwoord bevestiging mag niet leeg zijn',
  changePasswordSuccess: 'Je nieuwe wachtwoord is opgeslagen',
  changePasswordFailed: 'Het nieuwe wachtwoord is niet opgeslagen',
  currentPasswordWrong: 'Het huidige wachtwoord klopt niet',

  // Live updates
  tooManyStreams: 'Er staan te veel live-verbindingen open voor deze sessie. Sluit andere tabbladen van Ateliermarkt.',

  // Two-factor log-in
  twoFactorTitle: 'Tweestapsverificatie',
  twoFactorIntro:
    'Vul de code van 6 cijfers uit je authenticator-app in. Heb je je telefoon niet bij de hand? Gebruik dan een van je herstelcodes.',
  twoFactorCodeLabel: 'Code of herstelcode',
  twoFactorCodeRequired: 'Vul de code uit je authenticator-app of een herstelcode in',
  twoFactorCodeInvalid: 'De code klopt niet of is al gebruikt',
  twoFactorChallengeExpired: 'Deze inlogstap is verlopen. Log opnieuw in.',
  twoFactorSubmit: 'Verifiëren',
  twoFactorSetupTitle: 'Tweestapsverificatie instellen',
  twoFactorSetupRequiredIntro: 'Voor jouw rol is tweestapsverificatie verplicht. Stel het nu in om verder te gaan.',
  twoFactorSetupIntro:
    'Scan de QR-code met je authenticator-app (bijvoorbeeld Google Authenticator, Microsoft Authenticator of 1Password) en vul daarna de code van 6 cijfers in.',
  twoFactorSecretLabel: 'Of typ deze sleutel in je app',
  twoFactorEnableSubmit: 'Tweestapsverificatie aanzetten',
  twoFactorEnabled: 'Tweestapsverificatie staat aan.',
  twoFactorDisabled: 'Tweestapsverificatie staat uit.',
  twoFactorOn: 'Aan',
  twoFactorOff: 'Uit',
  twoFactorDisableSubmit: 'Tweestapsverificatie uitzetten',
  twoFactorAlreadyOn: 'Tweestapsverificatie staat al aan',
  twoFactorRequiredForRole: 'Voor jouw rol is tweestapsverificatie verplicht: je kunt het niet uitzetten',
  twoFactorNotSetUp: 'Start eerst het instellen van tweestapsverificatie',
  recoveryCodesTitle: 'Je herstelcodes',
  recoveryCodesIntro:
    'Bewaar deze codes op een veilige plek. Elke code werkt één keer, als je je authenticator-app niet kunt gebruiken. Ze worden maar één keer getoond.',
  recoveryCodesContinue: 'Ik heb de codes bewaard',

  // Re-confirmation of what moves money or identity
  reconfirmRequired: 'Bevestig deze wijziging met je huidige wachtwoord. Er is niets opgeslagen.',
  reconfirmWrong: 'Het wachtwoord of de code klopt niet. Er is niets opgeslagen.',
  reconfirmTitle: 'Bevestig met je wachtwoord',
  reconfirmIntro:
    'Je wijzigt gegevens waarmee iemand je account of de uitbetaling kan overnemen. Vul ter bevestiging je huidige wachtwoord in.',
  reconfirmPasswordLabel: 'Huidig wachtwoord',
  reconfirmCodeLabel: 'Of: code uit je authenticator-app',
  reconfirmSubmit: 'Bevestigen en opslaan',
  notMeTitle: 'Dit was ik niet',
  notMeIntro:
    'Heb jij deze wijziging niet gedaan? Beëindig dan direct alle sessies van het account dat de wijziging deed. De beheerders van Ateliermarkt worden op de hoogte gebracht.',
  notMeSubmit: 'Alle sessies beëindigen',
  notMeDone:
    "Alle sessies van dit account zijn beëindigd en de beheerders zijn op de hoogte gebracht. Stel een nieuw wachtwoord in via 'Wachtwoord vergeten'.",
  notMeInvalid: 'Deze link is ongeldig of verlopen.',

  // User form and profile
  userNameRequired: 'De gebruikersnaam mag niet leeg zijn',
  firstNameRequired: 'De voornaam mag niet leeg zijn',
  lastNameRequired: 'De achternaam mag niet leeg zijn',
  emailRequired: 'Het e-mailadres mag niet leeg zijn',
  emailInvalid: (email: string) => `Het e-mailadres is onjuist geformatteerd (${email})`,
  profileSaved: 'Je profiel is opgeslagen',
  profileNotSaved: 'Je profiel is niet opgeslagen',
  emailNotificationsLabel: 'Meldingen per e-mail',
  emailNotificationsDescription: 'Een e-mail als er een reservering binnenkomt en als een reservering is betaald.',
  emailTaken: 'Dit e-mailadres is al in gebruik',
  userNameTaken: 'Deze gebruikersnaam is al in gebruik',

  // Sessions
  notLoggedIn: 'Je bent niet ingelogd of je sessie is verlopen. Log opnieuw in.',
  refreshInvalid: 'Je sessie is verlopen. Log opnieuw in.',
  forbidden: 'Je hebt geen toegang tot deze actie.',
  forbiddenTitle: 'Geen toegang',
  notFound: 'Niet gevonden.',

  // Generic request errors
  validationFailed: 'De invoer is niet geldig.',
  invalidJson: 'De verzonden gegevens zijn geen geldige JSON.',
  jsonTooDeep: 'De verzonden gegevens zijn te diep genest.',
  bodyTooLarge: 'De verzonden gegevens zijn te groot.',
  unsupportedMediaType: 'Dit type gegevens wordt niet ondersteund.',
  fieldRequired: 'Dit veld is verplicht.',
  fieldInvalid: 'Dit veld heeft een ongeldige waarde.',
  fieldUnknown: 'Dit veld bestaat hier niet.',
  bodyIdMismatch: 'Het id in de body hoort bij een ander product',
  fieldReadOnly: 'Dit veld mag je hier niet wijzigen.',
  formatInvalid: 'Schrijf het formaat als lengte x breedte x hoogte, bijvoorbeeld 30 x 20 x 10',
  formatMismatch: 'Het formaat en de lengte, breedte en hoogte zeggen iets anders',
  tooManyRequests: 'Te veel verzoeken. Wacht even en probeer het opnieuw.',
  conflict: 'De gegevens zijn intussen gewijzigd. Laad de pagina opnieuw.',

  // Products
  productNameRequired: 'De naam van het product mag niet leeg zijn',
  categoryRequired: 'Kies minstens één categorie',
  priceRequired: 'De prijs van het product mag niet leeg zijn',
  priceTooLow: 'De prijs moet hoger zijn dan 10',
  deliveryMethodRequired: 'Je moet in ieder geval één verzendmethode kiezen',
  deliveryMethodCombination: 'Kies één verzendmethode, of Ophalen in het atelier samen met één andere verzendmethode',
  numberNotNegative: 'Vul een getal in van 0 of hoger',
  tooManyProductImages: (max: number) => `Een product kan maximaal ${max} afbeeldingen hebben`,
  authorDescriptionTooLong: (max: number) => `De beschrijving van de maker mag maximaal ${max} tekens lang zijn`,
  categoryUnknown: 'Deze categorie bestaat niet',
  productSaved: 'Het product is opgeslagen',
  productNotSaved: 'Het product is niet opgeslagen',
  productDeleted: 'Het product is verwijderd',
  productDeletedText: 'Het product is verwijderd.',
  productCopiedTitle: 'Gekopieerd!',
  productCopiedText: 'Het product is gekopieerd.',
  productCopyConfirm: 'Er wordt een kopie van dit product gemaakt, als concept.',
  productPublished: 'Het product is gepubliceerd',
  productUnpublished: 'Het product is offline gehaald',
  unsavedChanges: 'Je hebt wijzigingen die nog niet zijn opgeslagen. Wil je deze pagina verlaten?',
  unsavedChangesTitle: 'Wijzigingen niet opgeslagen',
  leavePage: 'Pagina verlaten',
  formInvalid: (count: number, firstField: string) =>
    `Controleer het formulier: ${count === 1 ? 'één veld klopt' : `${count} velden kloppen`} nog niet.` +
    (firstField ? ` Eerste veld: ${firstField}` : ''),
  wizardStepAnnounced: (step: number, total: number, label: string) => `Stap ${step} van ${total}: ${label}`,
  stayOnPage: 'Blijven',
  featuredMax: (max: number) =>
    `Er zijn al ${max} uitgelichte producten. Verwijder er eerst één om een ander toe te voegen.`,
  featuredSaved: 'De uitgelichte producten zijn opgeslagen',
  productInReservation: 'Dit product staat in een reservering en kan daarom niet worden verwijderd.',

  // Images
  imageNotJpeg: 'De afbeelding moeten van het formaat JPG zijn',
  imageTooLarge: 'De afbeelding mag niet groter dan 4mb zijn',
  imageNotJpegOrPng: 'De afbeelding moet van het formaat JPG of PNG zijn',
  imageTooManyPixels: 'De afbeelding is te groot: gebruik een afbeelding van hoogstens 40 megapixel',
  imageUnreadable: 'De afbeelding kon niet worden gelezen',
  imageMissing: 'Kies een afbeelding om te uploaden',
  imageUploadFailed: 'Het uploaden van de afbeelding is mislukt',
  tooManyUploads: 'Je hebt in korte tijd te veel afbeeldingen geüpload. Wacht even en probeer het opnieuw.',
  storageQuotaExceeded: (megabytes: number) =>
    `De opslagruimte voor afbeeldingen van dit atelier is vol (${megabytes} MB). Verwijder eerst afbeeldingen die niet meer nodig zijn.`,

  // Workshops
  workspaceNameRequired: 'De naam van het atelier mag niet leeg zijn',
  workspaceNameLength: 'De naam van het atelier moet tussen de 4 en 64 karakters lang zijn',
  workspaceSaved: 'Het atelier is opgeslagen',
  workspaceNotSaved: 'Het atelier is niet opgeslagen',
  workspaceDeleted: 'Het atelier is verwijderd.',
  workspaceFeaturedOther: 'Er is een ander atelier al uitgelicht. Deze komt te vervallen als je deze opslaat.',
  workspaceFeaturedConfirm: 'Maak dit atelier het uitgelichte atelier.',
  cancel: 'Annuleren',

  // Shared by every list screen and dialog of the web app
  save: 'Opslaan',
  delete: 'Verwijderen',
  edit: 'Wijzigen',
  retry: 'Opnieuw proberen',
  loadFailedTitle: 'Laden mislukt',
  listLoading: 'Laden…',
  listNoMatches: 'Niets gevonden voor deze zoekopdracht.',
  rowActions: (name: string) => `Acties voor ${name}`,
  rowOpen: (name: string) => `${name} openen`,
  rowSelect: (name: string) => `${name} selecteren`,
  selectAllRows: 'Alle rijen op deze pagina selecteren',
  paginationText: (from: number, to: number, total: number) => `${from}–${to} van ${total}`,
  paginationFirst: 'Eerste pagina',
  paginationPrevious: 'Vorige pagina',
  paginationNext: 'Volgende pagina',
  paginationLast: 'Laatste pagina',
  productNotYours: 'Alleen de beheerder en wie dit product plaatste kunnen het wijzigen.',
  productAvailable: 'Beschikbaar',
  productReserved: 'Gereserveerd',
  productSold: 'Verkocht',
  /** The overview's stock of a product that is not a unique edition. */
  productStock: (quantity: number) => `Voorraad: ${quantity}`,
  workspaceNameTaken: 'Er bestaat al een atelier met deze naam',
  workspaceFieldsSuperAdminOnly:
    'Alleen de platformbeheerder mag de naam en de crediteur- en debiteurnummers van een atelier wijzigen',
  workspacePublishedCannotDelete: 'Een gepubliceerd atelier kan niet worden verwijderd. Zet het eerst offline.',
  workspaceHasReservations:
    'Dit atelier heeft reserveringen en kan daarom niet worden verwijderd. Die blijven bewaard voor de boekhouding; het atelier blijft offline.',
  onlyOneFeaturedWorkspace: 'Er kan maar één atelier tegelijk uitgelicht zijn',
  provinceInvalid: 'Kies een van de twaalf provincies',
  descriptionTooLong: 'De omschrijving is te lang',
  imageNotOwned: 'Deze afbeelding hoort niet bij dit atelier',

  // Users of a tenant
  passwordConfirmationRequired: 'Wachtwoord bevestiging mag niet leeg zijn',
  roleRequired: 'Kies een rol',
  userSaved: 'De gebruiker is opgeslagen',
  userDeleted: 'De gebruiker is verwijderd.',
  userStale:
    'Deze gebruiker is intussen door iemand anders gewijzigd. Laad de gegevens opnieuw en probeer het nog eens.',
  cannotDeleteSelf: 'Je kunt jezelf niet verwijderen',
  cannotChangeOwnRole: 'Je kunt je eigen rol niet wijzigen',

  // Admin overview and exports
  fileDownloaded: 'Je bestand is gedownload!',
  // Reservations
  reservationTabOpen: 'Openstaande',
  reservationTabClosed: 'Afgeronde',
  reservationTabAll: 'Alle',
  reservationTabShipped: 'Afgerond: verzonden',
  reservationTabPickedUp: 'Afgerond: opgehaald',
  dateInvalid: 'Geef een datum als JJJJ-MM-DD.',
  dateRangeInvalid: 'De einddatum ligt voor de begindatum.',
  searchTooLong: 'Zoek op hooguit 100 tekens.',
  pausedTooltip: 'Dit product is bij een andere reservering aan het wachten op betaling en is daarom gepauzeerd',
  approveCheckShipping: 'Vergeet niet om de verzendkosten van de bestelling te controleren!',
  approveConfirm: 'Weet je zeker dat je deze wilt goedkeuren en een betaallink wilt sturen?',
  approveSucceeded: 'Het accepteren is gelukt',
  approveFailed: 'Het accepteren is mislukt',
  rejectSucceeded: 'Het afwijzen is gelukt',
  rejectFailed: 'Het afwijzen is mislukt',
  reminderSucceeded: 'De herinnering is verstuurd',
  reminderFailed: 'De herinnering is niet verstuurd. Probeert het nog eens.',
  completeSucceeded: 'Het afronden is gelukt',
  completeFailed: 'Het afronden is mislukt',
  returnReceivedSucceeded: 'Het product is ontvangen!',
  saveFailedRetry: 'Het opslaan is mislukt. Probeer het nog eens.',
  deliveryMethodNotSaved: 'De nieuwe verzendmethode is niet opgeslagen',
  reservationProductRemoved: (name: string) => `${name} is uit de reservering gehaald`,
  reservationDeliveryChanged: 'De verzendmethode is gewijzigd',
  trackAndTraceNotSaved: 'De nieuwe track & trace is niet opgeslagen',
  irreversibleWarning: 'Let op: Dit kan niet ongedaan worden',
  customerPaysWarning: 'Let op: De klant betaalt dit bovenop de prijs!',
  willBeFetchedText: 'Dit product wordt opgehaald in de winkel',
  pickupNotPaid: 'Deze reservering is nog niet betaald en kan nog niet worden meegegeven.',
  pickupNotHere: 'Deze reservering wordt niet opgehaald en kan hier niet worden meegegeven.',
  pickupHandOver: 'Meegeven aan de klant',
  pickupHeading: 'Ophalen',
  pickupProducts: 'Producten',
  pickupCustomer: 'Klant',
  pickupNotFound: 'Deze ophaalbon hoort niet bij een reservering van je atelier.',
  pickupHandedOver: 'Meegegeven!',
  pickupHandOverFailed: 'Het meegeven is mislukt',
  pickupAlreadyHandedOver: 'Deze reservering is al meegegeven',
  transitionNotAllowed: 'Deze actie is niet mogelijk in de huidige status van de reservering.',
  reservationNotEditable: 'Deze reservering kan niet meer worden gewijzigd.',
  packageCountInvalid: 'Het aantal pakketten moet een heel getal tussen 1 en 99 zijn',
  customerNameRequired: 'De naam mag niet leeg zijn',
  streetRequired: 'De straat mag niet leeg zijn',
  streetNumberRequired: 'Het huisnummer mag niet leeg zijn',
  zipCodeInvalid: 'De postcode moet de vorm 1234 AB hebben',
  cityRequired: 'De plaats mag niet leeg zijn',
  deliveryMethodInvalid: 'Kies een geldige verzendmethode',
  deliveryMethodNotOffered: 'Deze verzendmethode wordt voor dit product niet aangeboden',
  productUnavailable: 'Dit product is niet (meer) beschikbaar',
  orderNeedsProducts: 'Kies minstens één product',
  orderOneWorkshop: 'Alle producten van een reservering moeten van hetzelfde atelier zijn',
  returnNotAllowed: 'Deze reservering kan niet (meer) worden geretourneerd',
  paymentInvalid: 'Deze betaallink is ongeldig of al gebruikt.',
  // An edit of a reservation awaiting payment sends a new payment link; the old one says so.
  paymentLinkReplaced: 'Deze betaallink is vervangen; gebruik de link in de laatste e-mail.',
  paymentLinkReplacedTitle: 'Betaallink vervangen',
  /** The notice after an edit of a reservation awaiting payment: the customer gets the new total and link. */
  reservationRequoted: 'De klant krijgt een e-mail met het nieuwe totaal en een nieuwe betaallink',
  /** Beside an edit of a reservation awaiting payment, before it is made. */
  /** Before taking the last product out of a reservation awaiting payment: it is rejected. */
  lastProductRejectsWarning:
    'Dit is het laatste product: de reservering wordt dan afgewezen en de klant krijgt daarover een e-mail.',
  requoteWarning:
    'De klant krijgt na het opslaan een e-mail met het nieuwe totaal en een nieuwe betaallink; de oude link werkt dan niet meer.',
  webhookSignatureInvalid: 'De handtekening van het bericht klopt niet.',
  // Live events: the notice of a reservation that just arrived.
  newReservation: (orderNumber: string) => `Nieuwe reservering ${orderNumber}`,

  // The mail outbox (super admin)
  outboxTitle: 'Niet verstuurde e-mails',
  outboxIntro:
    'Deze e-mails zijn nog niet afgeleverd. De server probeert ze een dag lang opnieuw; daarna wachten ze op jou. Los de oorzaak op (bijvoorbeeld de mailserver) en verstuur ze opnieuw: een wachtwoordlink of betaallink wordt dan vernieuwd.',
  outboxReason: 'Reden',
  outboxState: 'Stand',
  outboxStateFailed: 'Opgegeven',
  outboxStateRetrying: (time: string) => `Volgende poging ${time}`,
  outboxBanner: (count: number) =>
    count === 1 ? '1 e-mail kon niet worden verstuurd' : `${count} e-mails konden niet worden verstuurd`,
  outboxBannerLink: 'Bekijk de niet verstuurde e-mails',
  outboxTodo: 'Niet verstuurde e-mails',
  outboxMailNotNeeded:
    'Deze e-mail is niet meer nodig (de reservering wacht niet meer op betaling, of het account bestaat niet meer) en is niet opnieuw verstuurd.',
  outboxEmpty: 'Alle e-mails zijn verstuurd.',
  outboxRecipient: 'Ontvanger',
  outboxSubject: 'Onderwerp',
  outboxLastError: 'Laatste fout',
  outboxTime: 'Tijd',
  outboxResend: 'Opnieuw versturen',
  outboxResent: 'De e-mail wordt opnieuw verstuurd',
  outboxMailNotFound: 'Deze e-mail staat niet (meer) bij de niet verstuurde e-mails',

  // Bulk work: products by the selection, and the labels of paid reservations as one PDF.
  bulkTooMany: (max: number) => `Kies er hoogstens ${max} tegelijk`,
  bulkNoneChosen: 'Kies er minstens één',
  bulkSelected: (count: number) => `${count} geselecteerd`,
  bulkClearSelection: 'Selectie wissen',
  bulkPublish: 'Publiceren',
  bulkUnpublish: 'Offline halen',
  bulkProductsConfirm: (action: 'publish' | 'unpublish' | 'delete', count: number) => {
    const products = count === 1 ? '1 product wordt' : `${count} producten worden`;
    if (action === 'publish')
      return `${products} gepubliceerd en ${count === 1 ? 'is' : 'zijn'} dan te zien in de webshop.`;
    if (action === 'unpublish')
      return `${products} offline gehaald en ${count === 1 ? 'is' : 'zijn'} dan niet meer te zien in de webshop.`;
    return `${products} verwijderd. Dit kan niet ongedaan worden.`;
  },
  bulkProductsDone: (action: 'publish' | 'unpublish' | 'delete', count: number) => {
    const verb = action === 'publish' ? 'gepubliceerd' : action === 'unpublish' ? 'offline gehaald' : 'verwijderd';
    return `${count === 1 ? '1 product is' : `${count} producten zijn`} ${verb}.`;
  },
  bulkProductsFailedTitle: (count: number) => `${count === 1 ? '1 product' : `${count} producten`} niet gelukt`,
  labelsDownload: 'Labels downloaden',
  labelsFileName: 'labels.pdf',
  labelsOnlyPaid: 'Vink betaalde reserveringen aan om hun verzendlabels en ophaalbonnen in één PDF te downloaden.',
  labelsNotAllowed: (orderNumber: string) =>
    `Reservering ${orderNumber} heeft (nog) geen verzendlabel of ophaalbon: alleen betaalde reserveringen.`,

  // The super admin's 'Instellingen'.
  settingsTitle: 'Instellingen',
  settingsSaved: 'De instellingen zijn opgeslagen',
  settingsDeadlinesTitle: 'Termijnen van reserveringen',
  settingsDeadlinesHelp: 'Tijdens de vakantie van een atelier staan zijn termijnen stil.',
  settingsRatesTitle: 'Btw en commissie',
  settingsRatesHelp: 'Gelden voor nieuwe reserveringen; bestaande houden de percentages van het moment van bestellen.',
  settingsBankTitle: 'Bankrekening van het platform',
  settingsBankHelp: 'Van deze rekening gaan de uitbetalingen aan de ateliers.',
  settingsReservationRemindAfter: 'Herinnering aan het atelier na',
  settingsReservationRemindAfterHelp: 'Een nieuwe reservering zonder antwoord: de beheerders krijgen één herinnering.',
  settingsReservationExpireAfter: 'Automatisch afwijzen na',
  settingsReservationExpireAfterHelp: 'Een nieuwe reservering zonder antwoord wordt afgewezen en de klant gemaild.',
  settingsPaymentRemindAfter: 'Betaalherinnering na',
  settingsPaymentRemindAfterHelp: 'Goedgekeurd maar niet betaald: de klant krijgt één betaalherinnering.',
  settingsPaymentExpireAfter: 'Onbetaald afwijzen na',
  settingsPaymentExpireAfterHelp: 'Goedgekeurd maar niet betaald: afgewezen, de betaallink werkt niet meer.',
  settingsTaxPercent: 'Btw (%)',
  settingsFeePercent: 'Commissie van het platform (%)',
  settingsPlatformIban: 'IBAN van het platform',
  settingsPlatformName: 'Naam van de rekeninghouder',
  settingsDefault: (value: string) => `Standaard: ${value}`,
  settingsOverridden: (variable: string) => `Vastgelegd door de omgevingsvariabele ${variable}; hier niet te wijzigen.`,
  settingsOverriddenRefused: (variable: string) =>
    `Deze termijn is vastgelegd door de omgevingsvariabele ${variable} en kan hier niet worden gewijzigd.`,
  settingsExpireBeforeRemind: 'Afwijzen moet later komen dan de herinnering.',
  // Holiday mode and the workshop's IBAN, on the workshop form.
  holiday: 'Vakantie',
  holidayFromRequired: 'Vul de eerste vakantiedag in.',
  holidayToRequired: 'Vul de laatste vakantiedag in.',
  holidayToBeforeFrom: 'De laatste vakantiedag mag niet voor de eerste liggen.',
  holidayMessageRequired: 'Vul een bericht voor de klanten in.',
  holidayMessageTooLong: (max: number) => `Het bericht mag hoogstens ${max} tekens lang zijn.`,
  holidayPeriod: (from: string, to: string) => `${from} t/m ${to}`,
  /** The 409's details when the shop orders from a workshop on holiday; its message is the workshop's own. */
  workshopOnHoliday: (to: string, again: string) =>
    `Dit atelier is met vakantie tot en met ${to}. Reserveren kan weer vanaf ${again}.`,
  ibanInvalid: 'Vul een geldig IBAN in.',
  ibanHolderRequired: 'Vul de naam van de rekeninghouder in.',
  ibanHolderTooLong: 'De naam van de rekeninghouder mag hoogstens 70 tekens lang zijn.',
  /** When the payout account last changed: on the workshop form and in the payouts preview (docs/decisions/0038). */
  ibanChangedOn: (when: string) => `Gewijzigd op ${when}`,
  ibanRecentlyChanged: 'IBAN recent gewijzigd',
  payoutsIbanRecentIntro: (days: number) =>
    `Deze rekeningen zijn in de afgelopen ${days} dagen gewijzigd. Controleer bij het atelier of dat klopt voordat je uitbetaalt.`,
  // Monthly statements.
  statementMonthInvalid: 'Kies een maand (JJJJ-MM)',
  statementDelivery: 'Verzendkosten',

  // Payouts as a SEPA bank file
  payoutAccountMissing:
    'Vul eerst de naam en het IBAN van het platform in bij Instellingen: daarvandaan wordt uitbetaald.',
  payoutNothingToPay:
    'Er is in deze maand niets uit te betalen: geen atelier met een IBAN heeft een positief netto bedrag.',
  payoutMonthNotOver:
    'Deze maand is nog niet voorbij: het bankbestand komt er pas als alle betalingen en retouren van de maand binnen zijn.',
  payoutSkippedNoIban: 'Geen IBAN ingevuld bij het atelier',
  payoutSkippedInvalidIban: 'Het IBAN van het atelier klopt niet',
  payoutSkippedNothingToPay: 'Niets uit te betalen (netto €0,00 of minder)',
  payoutsTitle: 'Uitbetalen',
  payoutsIntro:
    'Het bankbestand (SEPA, pain.001) maakt één overboeking naar elk atelier met een IBAN en een positief netto bedrag in deze maand. Upload het bij de zakelijke bank van het platform en onderteken het daar; nog een keer uploaden betaalt nog een keer.',
  payoutsDownload: 'Bankbestand downloaden',
  payoutsSummary: (count: number, total: string) =>
    `${count === 1 ? '1 overboeking' : `${count} overboekingen`}, samen ${total}`,
  payoutsSkippedTitle: 'Niet in het bankbestand',
  payoutsNoneSkipped: 'Alle ateliers met een afrekening in deze maand staan in het bankbestand.',
  payoutsColumnWorkshop: 'Atelier',
  payoutsColumnCreditor: 'Crediteurnummer',
  payoutsColumnNet: 'Netto',
  payoutsColumnReason: 'Reden',
  payoutAlreadyDownloaded:
    'Het bankbestand van deze maand is al gedownload. Nog een bestand uploaden betaalt elk atelier nog een keer; vraag het bewust opnieuw aan als dat de bedoeling is.',
  payoutsDownloadedBefore: (at: string, name: string) => `Al gedownload op ${at} door ${name}`,
  payoutsDownloadSummary: (count: number, total: string) =>
    `(${count === 1 ? '1 overboeking' : `${count} overboekingen`}, samen ${total})`,
  payoutsDownloaderUnknown: 'een verwijderde gebruiker',
  payoutsAgainTitle: 'Nog een bankbestand van deze maand?',
  payoutsAgainBody:
    'Het bankbestand van deze maand is al gedownload. Upload je beide bestanden bij de bank, dan krijgt elk atelier twee keer betaald. Download alleen opnieuw als het eerste bestand niet is geüpload of door de bank is geweigerd.',
  payoutsAgainConfirm: 'Toch opnieuw downloaden',
  // Payments through a provider (docs/payments.md).
  refundNotPaid: 'Alleen een betaalde reservering kan worden terugbetaald.',
  refundUnknownLine: 'Dit product hoort niet (meer) bij de reservering.',
  refundAlreadyDone: 'Dit is al terugbetaald.',
  refundNothing: 'Er is niets om terug te betalen.',
  refundReasonReturn: 'Retour ontvangen',
  refundReasonWithdrawal: 'Herroeping door de klant',
  refundReasonRequired: 'Geef een reden voor de terugbetaling.',
  mollieClientIdMissing:
    'De koppeling met Mollie kan nog niet worden gestart: MOLLIE_CLIENT_ID ontbreekt in de configuratie van de server.',
  mollieNotConfigured: 'Betalingen lopen niet via Mollie (PAYMENT_PROVIDER=demo).',
  mollieOrganizationIdInvalid: 'Een Mollie-organisatie-id begint met org_, bijvoorbeeld org_1234567.',
  thankYouTitle: 'Bedankt voor je betaling',
  thankYouBody:
    'Zodra Mollie ons de betaling bevestigt, krijg je een e-mail en gaat het atelier met je bestelling aan de slag.',
} as const;
