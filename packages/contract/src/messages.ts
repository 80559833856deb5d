/** Every Dutch text the server and the web app share. Spec texts are verbatim. */
export const MESSAGES = {
  generalError: 'Er ging iets fout. Probeer het nog eens.',
  notFoundPage: 'Niks gevonden. 404.',
  notAvailableYet: 'Dit scherm is nog niet beschikbaar.',

  // Content: texts, subcategories, shop pages, FAQs (spec 2.15, 2.18-2.21, 5)
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
  deleteFailed: 'Het verwijderen is mislukt. Probeer het nog eens.',
  faqSaved: 'De lijst met vragen is geüpdated',
  faqNotSaved: 'De lijst met vragen is niet opgeslagen',
  faqQuestionRequired: 'De vraag mag niet leeg zijn',
  faqAnswerRequired: 'Het antwoord mag niet leeg zijn',
  faqEmpty: 'Er zijn nog geen vragen.',
  newsletterSubscribed: 'Bedankt! Je bent aangemeld voor de nieuwsbrief.',

  // Log-in (spec 8)
  loginErrorTitle: 'Oeps! Het volgende ging mis:',
  loginInvalid: 'Onbekende logingegevens',
  loginLockedOut: 'Te veel foutieve inlogpogingen',
  loginFailed: 'Het inloggen is mislukt',
  loginFailedRetry: 'Het inloggen is mislukt. Probeer het opnieuw..',
  loginNoUser: 'Er is geen gebruiker gevonden met deze inloggegevens',
  tenantsLoadFailed: 'Kon de beschikbare ateliers niet vinden',
  userNameOrEmailRequired: 'De gebruikersnaam of het e-mailadres mag niet leeg zijn',
  passwordEmpty: 'Wachtwoord mag niet leeg zijn',

  // Password reset request (spec 5, 8)
  resetRequestEmailRequired: 'Het email veld mag niet leeg zijn',
  forgotPasswordRequired: 'Het wachtwoord vergeten veld mag niet leeg zijn',
  resetRequestFailed: 'Er ging iets mis bij het resetten van je wachtwoord: ',
  unknownError: 'Onbekende fout',
  resetRequestSent:
    'Als dit e-mailadres bij ons bekend is, ontvang je binnen enkele minuten een e-mail met een link om je wachtwoord te wijzigen.',

  // Reset password (spec 2.11, 5)
  passwordRequired: 'Het wachtwoord mag niet leeg zijn',
  passwordLength: 'Het wachtwoord moet tussen de 8 en 50 karakters lang zijn',
  passwordRepeatRequired: 'De wachtwoord bevestiging mag niet leeg zijn',
  passwordsDoNotMatch: 'De wachtwoorden komen niet overeen',
  passwordComplexity: 'Het wachtwoord moet minstens één cijfer, één letter en één speciaal teken bevatten',
  passwordHint: 'Minimaal 8 tekens, met een cijfer, een letter en een speciaal teken.',
  resetPasswordSuccess: 'Je wachtwoord is veranderd.',
  resetPasswordFailed: 'Je wachtwoord kon niet worden veranderd...',
  resetCodeInvalid: 'Deze link is ongeldig of verlopen. Vraag een nieuwe link aan.',

  // Change password (spec 2.12, 5)
  currentPasswordRequired: 'Het oude wachtwoord mag niet leeg zijn',
  newPasswordRequired: 'Het nieuwe wachtwoord mag niet leeg zijn',
  newPasswordLength: 'Het nieuwe wachtwoord moet tussen de 8 en 50 karakters lang zijn',
  newPasswordRepeatRequired: 'De nieuwe wachtwoord bevestiging mag niet leeg zijn',
  changePasswordSuccess: 'Je nieuwe wachtwoord is opgeslagen',
  changePasswordFailed: 'Het nieuwe wachtwoord is niet opgeslagen',
  currentPasswordWrong: 'Het huidige wachtwoord klopt niet',

  // User form and profile (spec 2.13, 5)
  userNameRequired: 'De gebruikersnaam mag niet leeg zijn',
  firstNameRequired: 'De voornaam mag niet leeg zijn',
  lastNameRequired: 'De achternaam mag niet leeg zijn',
  emailRequired: 'Het e-mailadres mag niet leeg zijn',
  emailInvalid: (email: string) => `Het e-mailadres is onjuist geformatteerd (${email})`,
  profileSaved: 'Je profiel is opgeslagen',
  profileNotSaved: 'Je profiel is niet opgeslagen',
  emailTaken: 'Dit e-mailadres is al in gebruik',
  userNameTaken: 'Deze gebruikersnaam is al in gebruik',

  // Sessions
  notLoggedIn: 'Je bent niet ingelogd of je sessie is verlopen. Log opnieuw in.',
  refreshInvalid: 'Je sessie is verlopen. Log opnieuw in.',
  forbidden: 'Je hebt geen toegang tot deze actie.',
  notFound: 'Niet gevonden.',

  // Generic request errors
  validationFailed: 'De invoer is niet geldig.',
  invalidJson: 'De verzonden gegevens zijn geen geldige JSON.',
  bodyTooLarge: 'De verzonden gegevens zijn te groot.',
  unsupportedMediaType: 'Dit type gegevens wordt niet ondersteund.',
  fieldRequired: 'Dit veld is verplicht.',
  fieldInvalid: 'Dit veld heeft een ongeldige waarde.',
  tooManyRequests: 'Te veel verzoeken. Wacht even en probeer het opnieuw.',
  conflict: 'De gegevens zijn intussen gewijzigd. Laad de pagina opnieuw.',

  // Products (spec 2.7-2.10, 5, 8)
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
  productDeletedTitle: 'Verwijderd!',
  productDeletedText: 'Het product is verwijderd.',
  productCopiedTitle: 'Gekopieerd!',
  productCopiedText: 'Het product is gekopieerd.',
  areYouSure: 'Weet je het zeker?',
  productCopyConfirm: 'Er wordt een kopie van dit product gemaakt, als concept.',
  productPublished: 'Het product is gepubliceerd',
  productUnpublished: 'Het product is offline gehaald',
  unsavedChanges: 'Je hebt wijzigingen die nog niet zijn opgeslagen. Wil je deze pagina verlaten?',
  featuredMax: (max: number) =>
    `Er zijn al ${max} uitgelichte producten. Verwijder er eerst één om een ander toe te voegen.`,
  featuredSaved: 'De uitgelichte producten zijn opgeslagen',
  productInReservation: 'Dit product staat in een reservering en kan daarom niet worden verwijderd.',

  // Images (spec 5, 8)
  imageNotJpeg: 'De afbeelding moeten van het formaat JPG zijn',
  imageTooLarge: 'De afbeelding mag niet groter dan 4mb zijn',
  imageNotJpegOrPng: 'De afbeelding moet van het formaat JPG of PNG zijn',
  imageTooManyPixels: 'De afbeelding is te groot: gebruik een afbeelding van hoogstens 40 megapixel',
  imageUnreadable: 'De afbeelding kon niet worden gelezen',
  imageMissing: 'Kies een afbeelding om te uploaden',
  imageUploadFailed: 'Het uploaden van de afbeelding is mislukt',

  // Workshops (spec 2.4-2.6, 5, 8)
  workspaceNameRequired: 'De naam van het atelier mag niet leeg zijn',
  workspaceNameLength: 'De naam van het atelier moet tussen de 4 en 64 karakters lang zijn',
  workspaceSaved: 'Het atelier is opgeslagen',
  workspaceNotSaved: 'Het atelier is niet opgeslagen',
  workspaceDeleted: 'Het atelier is verwijderd.',
  workspaceFeaturedOther: 'Er is een ander atelier al uitgelicht. Deze komt te vervallen als je deze opslaat.',
  workspaceFeaturedConfirm: 'Maak dit atelier het uitgelichte atelier.',
  cancel: 'Annuleren',
  workspaceNameTaken: 'Er bestaat al een atelier met deze naam',
  workspaceFieldsSuperAdminOnly:
    'Alleen de platformbeheerder mag de naam en de crediteur- en debiteurnummers van een atelier wijzigen',
  workspacePublishedCannotDelete: 'Een gepubliceerd atelier kan niet worden verwijderd. Zet het eerst offline.',
  onlyOneFeaturedWorkspace: 'Er kan maar één atelier tegelijk uitgelicht zijn',
  provinceInvalid: 'Kies een van de twaalf provincies',
  descriptionTooLong: 'De omschrijving is te lang',
  imageNotOwned: 'Deze afbeelding hoort niet bij dit atelier',

  // Users of a tenant (spec 2.4, 2.13, 5, 8)
  passwordConfirmationRequired: 'Wachtwoord bevestiging mag niet leeg zijn',
  roleRequired: 'Kies een rol',
  userSaved: 'De gebruiker is opgeslagen',
  userDeleted: 'De gebruiker is verwijderd.',
  userStale:
    'Deze gebruiker is intussen door iemand anders gewijzigd. Laad de gegevens opnieuw en probeer het nog eens.',
  cannotDeleteSelf: 'Je kunt jezelf niet verwijderen',
  cannotChangeOwnRole: 'Je kunt je eigen rol niet wijzigen',

  // Admin overview and exports (spec 2.14, 7.2)
  fileDownloaded: 'Je bestand is gedownload!',
} as const;
